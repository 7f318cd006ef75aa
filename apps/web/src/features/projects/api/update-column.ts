import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateColumn } from '@vahub/shared/projects/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type OwnerArea, ownerApi } from './area';

/** `PATCH board-columns/{id}`: renames a column and/or moves it before `before_id` or after `after_id`. */
export function useUpdateColumn(area: OwnerArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateColumn }) =>
      call(ownerApi[area].updateColumn, { params: { id }, body }),
    onSettled: () => invalidate(client, 'projects'),
  });
}
