import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `DELETE tasks-comments/{id}`: one of my comments (an admin: any). */
export function useDeleteComment(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(projectApi[area].removeComment, { params: { id } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
