import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveTask } from '@vahub/shared/projects/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type BoardData, type ProjectArea, projectApi } from './area';
import { applyLanes, type Lane, moveBodyOf } from './board-order';

type Key = readonly unknown[];

/**
 * `POST tasks/{id}/move`, optimistic: the board shows the new order at once (written into its query before
 * the request, so no frame shows the old order), the server places the task between the same neighbours,
 * and a refusal puts the board back as it was. `onFailed` says why.
 */
export function useMoveTask(area: ProjectArea, boardKey: Key, onFailed: (error: unknown) => void) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: number; body: MoveTask; previous: BoardData }) =>
      call(projectApi[area].moveTask, { params: { id }, body }),
    onError: (error, { previous }) => {
      client.setQueryData(boardKey, previous);
      onFailed(error);
    },
    onSettled: () => invalidate(client, 'projects'),
  });
  return (taskId: number, lanes: Lane[]) => {
    const previous = client.getQueryData<BoardData>(boardKey);
    const body = moveBodyOf(lanes, taskId);
    if (!previous || !body) return;
    void client.cancelQueries({ queryKey: boardKey });
    client.setQueryData(boardKey, applyLanes(previous, lanes));
    mutation.mutate({ id: taskId, body, previous });
  };
}
