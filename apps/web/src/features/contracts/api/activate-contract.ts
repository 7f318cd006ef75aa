import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA, invalidateContracts } from './areas';

/** Admin `POST contracts/{id}/activate`: needs a schedule and no overlap with the VA's other contracts. */
export const activateContract = (id: number): Promise<Contract> =>
  apiFetch<Contract>(`${AREA.admin}/contracts/${id}/activate`, { method: 'POST' });

export function useActivateContract() {
  const client = useQueryClient();
  return useMutation({ mutationFn: activateContract, onSuccess: () => invalidateContracts(client) });
}
