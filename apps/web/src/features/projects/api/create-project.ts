import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProject } from '@vahub/shared/projects/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `POST projects`: a new project with the default board (a client's own; the admin or a manager name the client). */
export function useCreateProject(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProject) => call(projectApi[area].create, { body }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
