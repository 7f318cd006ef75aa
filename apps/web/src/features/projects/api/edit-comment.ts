import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `PATCH tasks-comments/{id}`: edits one of my comments. */
export function useEditComment(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      call(projectApi[area].editComment, { params: { id }, body: { body } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
