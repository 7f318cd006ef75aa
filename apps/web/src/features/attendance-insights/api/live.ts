import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';

/** At most one refetch of the attendance queries per this many ms, however many messages arrive. */
export const LIVE_REFETCH_MS = 3000;

/**
 * Keeps an insights page current: a `presence.changed` or `attendance.changed` message refetches the
 * attendance queries on screen (their keys all start with the `attendance` resource). A burst of messages
 * (a shift change of many VAs at once) is coalesced into one refetch per `LIVE_REFETCH_MS`.
 */
export function useInsightsLive(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const schedule = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void invalidate(client, 'attendance');
    }, LIVE_REFETCH_MS);
  };
  useRealtime('attendance.changed', schedule);
  useRealtime('presence.changed', schedule);
}
