import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vaRequests } from '@vahub/shared/requests/endpoints';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/** `DELETE va-access/user-requests/:id`: the VA cancels a pending request. */
export function useCancelRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(vaRequests.cancel, { params: { id } }),
    onSettled: () => invalidate(client, 'requests'),
  });
}
