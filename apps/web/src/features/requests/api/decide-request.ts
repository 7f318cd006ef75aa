import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideRequest } from '@vahub/shared/requests/schemas';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import { type RequestArea, requestApi } from './areas';

/**
 * `PATCH {admin|manager}-access/user-requests/:id`: approves or rejects (a reversal too). The effect lands on
 * shifts and timesheets in the same transaction, so their views refetch as well.
 */
export function useDecideRequest(area: RequestArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideRequest }) =>
      call(requestApi[area].decide, { params: { id }, body }),
    onSettled: () => invalidate(client, 'requests', 'attendance', 'timesheets'),
  });
}
