import { isRole, type Role } from '@vahub/shared/auth/roles';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import { CLIENT_SORTS, type ClientsQuery as ClientSortSource } from '@vahub/shared/users/clients';
import { USER_SORTS, type UserSort } from '@vahub/shared/users/schemas';
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

type Params = Pick<URLSearchParams, 'get'>;

const text = (p: Params, key: string) => p.get(key)?.trim() || undefined;
const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]) =>
  allowed.includes(value as T) ? (value as T) : undefined;
const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export const pageOf = (p: Params) => positive(text(p, 'page')) ?? 1;
export const statusOf = (value: string | undefined) => oneOf(value, USER_STATUSES);

/** Users and the VA directory: search, role, status, team, sort (`fixed` pins a filter, e.g. role va). */
export function usersListQuery(p: Params, fixed: { role?: Role } = {}): UsersQuery {
  const role = text(p, 'role');
  return {
    page: pageOf(p),
    per_page: PER_PAGE,
    search: text(p, 'search'),
    role: fixed.role ?? (role && isRole(role) ? role : undefined),
    status: statusOf(text(p, 'status')),
    team_id: positive(text(p, 'team')),
    sort: oneOf<UserSort>(text(p, 'sort'), USER_SORTS),
  };
}

/** Clients of one status (from the page's path), search and sort. */
export function clientsListQuery(p: Params, status: UserStatus | undefined): ClientsQuery {
  return {
    page: pageOf(p),
    per_page: PER_PAGE,
    status,
    search: text(p, 'search'),
    sort: oneOf<ClientSortSource['sort']>(text(p, 'sort'), CLIENT_SORTS),
  };
}

export const teamsListQuery = (p: Params): TeamsQuery => ({
  page: pageOf(p),
  per_page: PER_PAGE,
  search: text(p, 'search'),
});

export const organizationsListQuery = (p: Params): OrganizationsQuery => ({
  page: pageOf(p),
  per_page: PER_PAGE,
  search: text(p, 'search'),
});

export const organizationUsersListQuery = (p: Params, organizationId: number): AllUsersQuery => ({
  organization_id: organizationId,
  page: pageOf(p),
  per_page: PER_PAGE,
  search: text(p, 'search'),
});

/** `clients/active` → active; `clients` → every status. */
export const clientStatusOfPath = (pathname: string) => statusOf(pathname.split('/').pop());
