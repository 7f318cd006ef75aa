import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProject } from '@vahub/shared/projects/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type ProjectArea, projectApi } from './area';

/** `PATCH projects/{id}`: renames, describes, recolours, archives or restores a project. */
export function useUpdateProject(area: ProjectArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateProject }) =>
      call(projectApi[area].update, { params: { id }, body }),
    onSettled: () => invalidate(client, 'projects'),
  });
}
