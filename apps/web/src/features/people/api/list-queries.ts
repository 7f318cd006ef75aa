import { isRole, type Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { CLIENT_SORTS, type ClientsQuery as ClientSortSource } from '@vahub/shared/users/clients';
import { USER_SORTS, type UserSort } from '@vahub/shared/users/schemas';
import { oneOf, type ParamReader, positiveInteger, textParam } from '../../../lib/url-params';
import type { ClientsQuery } from './clients';
import type { OrganizationsQuery } from './organizations';
import type { TeamsQuery } from './teams';
import type { AllUsersQuery, UsersQuery } from './users';

/**
 * The query of each people list, read from the page's URL. The page and its loader both use these, so the
 * loader fetches exactly what the page then reads. Values the API would refuse are dropped, so a hand-made
 * URL shows the unfiltered list instead of an error.
 */
export const PER_PAGE = 20;

export const USER_STATUSES: readonly UserStatus[] = ['active', 'inactive', 'onhold'];

export const pageOf = (p: ParamReader) => positiveInteger(textParam(p, 'page')) ?? 1;
export const statusOf = (value: string | undefined) => oneOf(USER_STATUSES, value);

/** Users and the VA directory: search, role, status, team, sort (`fixed` pins a filter, e.g. role va). */
export function usersListQuery(p: ParamReader, fixed: { role?: Role } = {}): UsersQuery {
  const role = textParam(p, 'role');
  return {
    page: pageOf(p),
    per_page: PER_PAGE,
    search: textParam(p, 'search'),
    role: fixed.role ?? (role && isRole(role) ? role : undefined),
    status: statusOf(textParam(p, 'status')),
    team_id: positiveInteger(textParam(p, 'team')),
    sort: oneOf<UserSort>(USER_SORTS, textParam(p, 'sort')),
  };
}

/** Clients of one status (from the page's path), search and sort. */
export function clientsListQuery(p: ParamReader, status: UserStatus | undefined): ClientsQuery {
  return {
    page: pageOf(p),
    per_page: PER_PAGE,
    status,
    search: textParam(p, 'search'),
    sort: oneOf<ClientSortSource['sort']>(CLIENT_SORTS, textParam(p, 'sort')),
  };
}

export const teamsListQuery = (p: ParamReader): TeamsQuery => ({
  page: pageOf(p),
  per_page: PER_PAGE,
  search: textParam(p, 'search'),
});

export const organizationsListQuery = (p: ParamReader): OrganizationsQuery => ({
  page: pageOf(p),
  per_page: PER_PAGE,
  search: textParam(p, 'search'),
});

export const organizationUsersListQuery = (p: ParamReader, organizationId: number): AllUsersQuery => ({
  organization_id: organizationId,
  page: pageOf(p),
  per_page: PER_PAGE,
  search: textParam(p, 'search'),
});

/** `clients/active` → active; `clients` → every status. */
export const clientStatusOfPath = (pathname: string) => statusOf(pathname.split('/').pop());
