import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractCreateInput } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA, invalidateContracts } from './areas';

/** Admin `POST contracts`: a draft contract. */
export const createContract = (body: ContractCreateInput): Promise<Contract> =>
  apiFetch<Contract>(`${AREA.admin}/contracts`, { method: 'POST', body });

export function useCreateContract() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createContract, onSuccess: () => invalidateContracts(client) });
}
