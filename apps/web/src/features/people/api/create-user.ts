import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput } from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export const createUser = (body: UserCreateInput): Promise<UserDetail> =>
  apiFetch<UserDetail>(areaPath('admin', 'user'), { method: 'POST', body });

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
