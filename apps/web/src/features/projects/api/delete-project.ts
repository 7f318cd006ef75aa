import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type OwnerArea, ownerApi } from './area';

/** `DELETE projects/{id}`: the project with its board, tasks and comments (the client and admins). */
export function useDeleteProject(area: OwnerArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ownerApi[area].removeProject, { params: { id } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
