import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { AREA, invalidateContracts } from './areas';

/** Admin `DELETE contracts/{id}` (draft or ended only). */
export const deleteContract = (id: number): Promise<{ message: string }> =>
  apiFetch<{ message: string }>(`${AREA.admin}/contracts/${id}`, { method: 'DELETE' });

export function useDeleteContract() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteContract, onSuccess: () => invalidateContracts(client) });
}
