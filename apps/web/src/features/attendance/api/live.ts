import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '../../../lib/use-realtime';

/** Coalesce a burst of messages (a shift change announces several) into one refetch. */
const COALESCE_MS = 500;

/**
 * Keeps the attendance views live: a `presence.changed` or `attendance.changed` message refetches the
 * attendance queries on screen (the server sends them only to people allowed to see that VA).
 */
export function useAttendanceLive(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refetch = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void client.invalidateQueries({ queryKey: ['attendance'] });
    }, COALESCE_MS);
  };
  useRealtime('presence.changed', refetch);
  useRealtime('attendance.changed', refetch);
  useEffect(() => () => clearTimeout(timer.current), []);
}
