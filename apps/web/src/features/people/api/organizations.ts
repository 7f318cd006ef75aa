import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '@vahub/shared/api/endpoint';
import {
  organizationEndpoints,
  settingsEndpoints,
  superAdminOrganizations,
} from '@vahub/shared/organization/endpoints';
import type { OrganizationUpdate, SettingsUpdateInput } from '@vahub/shared/organization/settings';
import { call } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { useChange } from './change';

export type OrganizationsQuery = NonNullable<EndpointInput<typeof superAdminOrganizations.list>['query']>;

/** Super admin: every organization with plan, expiry and seats. */
export const organizationsQuery = (query: OrganizationsQuery) => ({
  ...endpointQuery(superAdminOrganizations.list, { query }),
  placeholderData: keepPreviousData,
});
export const useOrganizations = (query: OrganizationsQuery) => useQuery(organizationsQuery(query));

/** Super admin: suspend or reactivate an organization, change its plan, expiry or seats. */
export const useUpdateOrganization = () =>
  useChange(
    ({ id, body }: { id: number; body: OrganizationUpdate }) =>
      call(superAdminOrganizations.update, { params: { id }, body }),
    ['organizations', 'settings'],
  );

export const plansQuery = () => endpointQuery(organizationEndpoints.plans, {});
export const usePlans = () => useQuery(plansQuery());

/** An admin's settings of their organization. */
export const settingsQuery = () => endpointQuery(settingsEndpoints.get, {});
export const useSettings = () => useQuery(settingsQuery());
export const useUpdateSettings = () =>
  useChange(
    (body: SettingsUpdateInput) => call(settingsEndpoints.update, { body }),
    ['settings', 'organizations'],
  );
