import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA, invalidateContracts } from './areas';

export interface MultiplyResult {
  data: Contract[];
  /** Messages keyed by VA id, for the VAs the contract could not be copied to. */
  errors: Record<string, string[]>;
}

/** Admin `POST contracts/{id}/multiply { va_ids }`. */
export const multiplyContract = ({ id, va_ids }: { id: number; va_ids: number[] }): Promise<MultiplyResult> =>
  apiFetch<MultiplyResult>(`${AREA.admin}/contracts/${id}/multiply`, { method: 'POST', body: { va_ids } });

export function useMultiplyContract() {
  const client = useQueryClient();
  return useMutation({ mutationFn: multiplyContract, onSuccess: () => invalidateContracts(client) });
}
