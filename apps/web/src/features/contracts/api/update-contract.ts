import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractUpdateInput } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA, invalidateContracts } from './areas';

/** Admin `PATCH contracts/{id}`; `status` pauses, resumes or ends it. */
export const updateContract = ({ id, ...body }: ContractUpdateInput & { id: number }): Promise<Contract> =>
  apiFetch<Contract>(`${AREA.admin}/contracts/${id}`, { method: 'PATCH', body });

export function useUpdateContract() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateContract, onSuccess: () => invalidateContracts(client) });
}
