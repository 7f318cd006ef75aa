import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTask } from '@vahub/shared/projects/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `POST tasks`: a task at the end of the given column. */
export function useCreateTask(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTask) => call(projectApi[area].createTask, { body }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
