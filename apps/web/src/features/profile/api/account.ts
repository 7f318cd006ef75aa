import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '@vahub/shared/auth/schemas';
import { accountEndpoints as api } from '@vahub/shared/users/endpoints';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** The signed-in user (`GET me`), as the profile pages show them. */
export const meQuery = () => ({ ...endpointQuery(api.me, {}), staleTime: 5 * 60_000 });
export const useMe = () => useQuery(meQuery());

/**
 * The signed-in user changed: every view of them refetches. `['me']` is the shell's session query
 * (features/auth), which reads the same endpoint under its own key until it moves onto the contract.
 */
const refreshMe = (client: QueryClient) =>
  Promise.all([invalidate(client, 'session', 'users'), client.invalidateQueries({ queryKey: ['me'] })]);

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => call(api.updateMe, { body }),
    onSuccess: (me) => {
      client.setQueryData(meQuery().queryKey, me);
      return refreshMe(client);
    },
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { old_password: string; password: string; password_confirmation: string }) =>
      call(api.changePassword, { body }),
  });

/** Multipart: the image travels in the field `avatar`. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, file }: { userId: number; file: File }) => {
      const body = new FormData();
      body.append('avatar', file);
      return call(api.uploadAvatar, { params: { id: userId }, body });
    },
    onSuccess: () => refreshMe(client),
  });
}
