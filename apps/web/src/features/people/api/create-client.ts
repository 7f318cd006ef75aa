import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientCreateInput } from '@vahub/shared/users/payloads';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys, type Scope } from './scope';

/** Admin: a user with the client role; manager: `POST clients` (the manager becomes theirs). */
export const createClient = (scope: Scope, body: ClientCreateInput): Promise<UserDetail> =>
  scope === 'admin'
    ? apiFetch<UserDetail>(areaPath('admin', 'user'), { method: 'POST', body: { ...body, role: 'client' } })
    : apiFetch<UserDetail>(areaPath('manager', 'clients'), { method: 'POST', body });

export function useCreateClient(scope: Scope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientCreateInput) => createClient(scope, body),
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
