import { useQueryClient } from '@tanstack/react-query';
import { invalidate } from '../../../lib/query-keys';
import { useCoalesced } from '../../../lib/use-coalesced';
import { useRealtime } from '../../../lib/use-realtime';

/** A burst of captures (several screens, several VAs) refetches once. */
export const LIVE_COALESCE_MS = 800;

/**
 * Keeps a screenshots page current over the socket: a `screenshot.created` about a VA the page shows (`vaId`,
 * or anyone when the page shows everyone in scope) refetches the screenshot queries on screen; with
 * `presence`, `presence.changed` and `attendance.changed` do too (the live wall lists who is on shift now).
 * The server sends these only to people allowed to see that VA.
 */
export function useScreenshotsLive({ vaId, presence = false }: { vaId?: number; presence?: boolean } = {}) {
  const client = useQueryClient();
  const refetch = useCoalesced(() => void invalidate(client, 'screenshots'), LIVE_COALESCE_MS);
  useRealtime('screenshot.created', (data) => {
    if (vaId === undefined || data.va_id === vaId) refetch();
  });
  useRealtime('presence.changed', () => {
    if (presence) refetch();
  });
  useRealtime('attendance.changed', () => {
    if (presence) refetch();
  });
}
