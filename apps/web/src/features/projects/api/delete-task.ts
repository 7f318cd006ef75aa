import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `DELETE tasks/{id}`: the task and its comments (its tracked time stays in the attendance). */
export function useDeleteTask(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(projectApi[area].removeTask, { params: { id } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
