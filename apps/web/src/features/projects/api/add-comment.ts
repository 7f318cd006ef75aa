import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `POST tasks/{id}/comments`: markdown; the people it mentions are notified by the server. */
export function useAddComment(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: number; body: string }) =>
      call(projectApi[area].addComment, { params: { id: taskId }, body: { body } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
