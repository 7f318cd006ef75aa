import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationSettings } from '@vahub/shared/organization/settings';
import { apiFetch } from '../../../lib/api-client';

/** Admin `GET settings`: the organization's contract defaults prefill new contracts. */
export const getOrgSettings = (): Promise<OrganizationSettings> =>
  apiFetch<OrganizationSettings>(`/api/v1/admin-access/settings`);

export const orgSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['contracts', 'org-settings'], queryFn: getOrgSettings, staleTime: 60_000 });

export const useOrgSettings = () => useQuery(orgSettingsQueryOptions());
