import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mailAccountEndpoints } from '@vahub/shared/mail-accounts/endpoints';
import { systemEndpoints } from '@vahub/shared/system/endpoints';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** Whether the installation has mail accounts (the realm's flag; it changes only with a restart). */
export const useMailAccountsOn = () =>
  useQuery({ ...endpointQuery(systemEndpoints.realm, {}), staleTime: Number.POSITIVE_INFINITY }).data
    ?.mail_accounts_enabled ?? false;

/** Removes a leaver's mailbox after their deletion or deactivation (`DELETE admin-access/grommunio/{id}`). */
export function useRemoveMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(mailAccountEndpoints.removeMailbox, { params: { id: userId } }),
    onSuccess: () => invalidate(client, 'users', 'audit'),
  });
}
