import { useQueryClient } from '@tanstack/react-query';
import { useCoalesced } from '../../../lib/use-coalesced';
import { useRealtime } from '../../../lib/use-realtime';

/** Coalesce a burst of messages (a shift change announces several) into one refetch. */
const COALESCE_MS = 500;

/**
 * Keeps the attendance views live: a `presence.changed` or `attendance.changed` message refetches the
 * attendance queries on screen (the server sends them only to people allowed to see that VA).
 */
export function useAttendanceLive(): void {
  const client = useQueryClient();
  const refetch = useCoalesced(
    () => void client.invalidateQueries({ queryKey: ['attendance'] }),
    COALESCE_MS,
  );
  useRealtime('presence.changed', refetch);
  useRealtime('attendance.changed', refetch);
}
