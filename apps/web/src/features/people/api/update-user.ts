import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserUpdateInput } from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export const updateUser = ({ id, body }: { id: number; body: UserUpdateInput }): Promise<UserDetail> =>
  apiFetch<UserDetail>(areaPath('admin', `user/${id}`), { method: 'PATCH', body });

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      client.setQueryData(peopleKeys.user('admin', user.id), user);
      return client.invalidateQueries({ queryKey: peopleKeys.all });
    },
  });
}
