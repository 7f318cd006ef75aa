import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export const deleteUser = (id: number): Promise<void> =>
  apiFetch<void>(areaPath('admin', `user/${id}`), { method: 'DELETE' });

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
