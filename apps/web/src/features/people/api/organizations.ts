import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { OrganizationRow } from '@vahub/shared/organization/settings';
import type { UserRow } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { peopleKeys } from './scope';

const SUPER = '/api/v1/super-admin-access';

export interface OrganizationsParams {
  page: number;
  per_page: number;
  search?: string;
}

export const getOrganizations = (
  params: OrganizationsParams,
): Promise<{ data: OrganizationRow[]; meta: PaginationMeta }> =>
  apiFetch(`${SUPER}/organizations`, { query: { ...params } });

export const organizationsQueryOptions = (params: OrganizationsParams) =>
  queryOptions({
    queryKey: peopleKeys.organizations(params),
    queryFn: () => getOrganizations(params),
    placeholderData: keepPreviousData,
  });

/** Super admin: every organization with plan, expiry and seats. */
export const useOrganizations = (params: OrganizationsParams) => useQuery(organizationsQueryOptions(params));

export type OrgUserRow = UserRow & { organization_name: string };

export interface OrgUsersParams {
  organization_id: number;
  page: number;
  per_page: number;
  search?: string;
  sort?: string;
}

export const getOrgUsers = (params: OrgUsersParams): Promise<{ data: OrgUserRow[]; meta: PaginationMeta }> =>
  apiFetch(`${SUPER}/users/paginated`, { query: { ...params } });

/** Super admin: the users of one organization. */
export const useOrgUsers = (params: OrgUsersParams) =>
  useQuery({
    queryKey: peopleKeys.orgUsers(params),
    queryFn: () => getOrgUsers(params),
    placeholderData: keepPreviousData,
  });
