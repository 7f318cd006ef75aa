import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSettings, SettingsUpdateInput } from '@vahub/shared/organization/settings';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export const getSettings = (): Promise<OrganizationSettings> =>
  apiFetch<OrganizationSettings>(areaPath('admin', 'settings'));

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: peopleKeys.settings, queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());

export const updateSettings = (body: SettingsUpdateInput): Promise<OrganizationSettings> =>
  apiFetch<OrganizationSettings>(areaPath('admin', 'settings'), { method: 'PATCH', body });

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => client.setQueryData(peopleKeys.settings, settings),
  });
}
