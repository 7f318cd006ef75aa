import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type OwnerArea, ownerApi } from './area';

/** `POST projects/{id}/columns`: a column at the end of the board (the client and admins). */
export function useAddColumn(area: OwnerArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, name }: { projectId: number; name: string }) =>
      call(ownerApi[area].addColumn, { params: { id: projectId }, body: { name } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
