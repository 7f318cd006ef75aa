import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequests } from '@vahub/shared/requests/endpoints';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';

/** `DELETE admin-access/user-requests/:id`: the admin deletes a request (an approved one is undone first). */
export function useDeleteRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminRequests.remove, { params: { id } }),
    onSettled: () => invalidate(client, 'requests', 'attendance', 'timesheets'),
  });
}
