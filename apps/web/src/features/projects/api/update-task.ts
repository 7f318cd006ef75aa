import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTask } from '@vahub/shared/projects/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `PATCH tasks/{id}`: only the fields that changed (title, description, assignee, due date, priority, estimate). */
export function useUpdateTask(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTask }) =>
      call(projectApi[area].updateTask, { params: { id }, body }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
