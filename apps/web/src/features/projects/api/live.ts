import { useQueryClient } from '@tanstack/react-query';
import { invalidate } from '../../../lib/query-keys';
import { useCoalesced } from '../../../lib/use-coalesced';
import { useRealtime } from '../../../lib/use-realtime';

/** A burst of changes (a column removed with its tasks, several moves) refetches once. */
export const BOARD_COALESCE_MS = 300;

/**
 * Keeps a projects page current over the socket: `board.changed` about the project on screen (`projectId`),
 * or about any project on the list (no id), refetches the projects queries on screen (board, drawer, list).
 * The server sends it only to people who may see that project.
 */
export function useProjectsLive(projectId?: number) {
  const client = useQueryClient();
  const refetch = useCoalesced(() => void invalidate(client, 'projects'), BOARD_COALESCE_MS);
  useRealtime('board.changed', (data) => {
    if (projectId === undefined || data.project_id === projectId) refetch();
  });
}
