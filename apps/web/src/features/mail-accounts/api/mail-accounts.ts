import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSignInAndMail, mailAccountEndpoints } from '@vahub/shared/mail-accounts/endpoints';
import { systemEndpoints } from '@vahub/shared/system/endpoints';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** Whether the installation has mail accounts (the realm: it changes only with a restart). */
export const useMailAccountsEnabled = () =>
  useQuery({ ...endpointQuery(systemEndpoints.realm, {}), staleTime: Number.POSITIVE_INFINITY }).data
    ?.mail_accounts_enabled ?? false;

/** `DELETE admin-access/grommunio/{id}`: the user's mailbox, with its files. */
export function useRemoveMailbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(mailAccountEndpoints.removeMailbox, { params: { id: userId } }),
    onSuccess: () => invalidate(client, 'users', 'audit'),
  });
}

/** Settings: SSO and mail accounts, on or off, with the issuer and the mail server. */
export const useSignInAndMailStatus = () => useQuery(endpointQuery(adminSignInAndMail.status, {}));
