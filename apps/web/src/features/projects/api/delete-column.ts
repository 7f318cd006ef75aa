import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type OwnerArea, ownerApi } from './area';

/** `DELETE board-columns/{id}?move_to=`: removes a column; its tasks move to `move_to` first. */
export function useDeleteColumn(area: OwnerArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number }) =>
      call(ownerApi[area].removeColumn, { params: { id }, query: { move_to: moveTo } }),
    onSuccess: () => invalidate(client, 'projects'),
  });
}
