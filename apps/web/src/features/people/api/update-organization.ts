import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationRow, OrganizationUpdate } from '@vahub/shared/organization/settings';
import { apiFetch } from '../../../lib/api-client';
import { peopleKeys } from './scope';

export const updateOrganization = ({
  id,
  body,
}: {
  id: number;
  body: OrganizationUpdate;
}): Promise<OrganizationRow> =>
  apiFetch<OrganizationRow>(`/api/v1/super-admin-access/organizations/${id}`, { method: 'PATCH', body });

/** Super admin: suspend or reactivate an organization, change its plan, expiry or seats. */
export function useUpdateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}
