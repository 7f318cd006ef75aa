import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export const setUserPassword = ({ id, password }: { id: number; password: string }): Promise<void> =>
  apiFetch<void>(areaPath('admin', `user-password/${id}`), { method: 'PATCH', body: { password } });

export const useSetUserPassword = () => useMutation({ mutationFn: setUserPassword });

export const revokeSessions = (id: number): Promise<{ revoked: number }> =>
  apiFetch<{ revoked: number }>(areaPath('admin', `user/${id}/revoke-sessions`), { method: 'POST' });

export function useRevokeSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSessions,
    onSuccess: (_r, id) => client.invalidateQueries({ queryKey: peopleKeys.user('admin', id) }),
  });
}
