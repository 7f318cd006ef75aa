import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractSettings, ContractSettingsPatch } from '@vahub/shared/contracts/settings';
import { apiFetch } from '../../../lib/api-client';
import { AREA, invalidateContracts } from './areas';

/** Admin `PATCH contracts/settings/{id}` (id of the settings row). */
export const patchContractSettings = ({
  id,
  ...body
}: ContractSettingsPatch & { id: number }): Promise<ContractSettings> =>
  apiFetch<ContractSettings>(`${AREA.admin}/contracts/settings/${id}`, { method: 'PATCH', body });

export function usePatchContractSettings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: patchContractSettings, onSuccess: () => invalidateContracts(client) });
}
