import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ref } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export const setClientManagers = ({
  id,
  managerIds,
}: {
  id: number;
  managerIds: number[];
}): Promise<{ client_id: number; managers: Ref[] }> =>
  apiFetch(areaPath('admin', `client/${id}/managers`), { method: 'POST', body: { manager_ids: managerIds } });

export function useSetClientManagers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setClientManagers,
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
