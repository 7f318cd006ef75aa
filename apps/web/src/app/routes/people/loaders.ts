import { DASHBOARD_PATHS } from '@vahub/shared/auth/roles';
import { peopleOptionsQuery } from '../../../components/people/person-picker';
import { clientsQuery } from '../../../features/people/api/clients';
import {
  clientStatusOfPath,
  clientsListQuery,
  organizationsListQuery,
  organizationUsersListQuery,
  teamsListQuery,
  usersListQuery,
} from '../../../features/people/api/list-queries';
import { organizationsQuery, plansQuery, settingsQuery } from '../../../features/people/api/organizations';
import { teamsQuery } from '../../../features/people/api/teams';
import { allUsersQuery, type Scope, userQuery, usersQuery } from '../../../features/people/api/users';
import type { PageLoader } from '../../manifest';

/**
 * What each people page shows first, fetched while its code downloads. Each loader reads the URL the way
 * its page does (`features/people/api/list-queries.ts`), so the page finds its queries in the cache.
 */
const urlOf = (request: Request) => new URL(request.url);
const scopeOf = (url: URL): Scope => (url.pathname.startsWith(DASHBOARD_PATHS.manager) ? 'manager' : 'admin');
const idOf = (params: Record<string, string | undefined>) => Number(params.id);

export const usersLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  return Promise.all([
    client.ensureQueryData(usersQuery('admin', usersListQuery(url.searchParams))),
    client.ensureQueryData(teamsQuery()),
  ]);
};

export const vaDirectoryLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  return Promise.all([
    client.ensureQueryData(usersQuery(scopeOf(url), usersListQuery(url.searchParams, { role: 'va' }))),
    client.ensureQueryData(teamsQuery()),
  ]);
};

export const userLoader: PageLoader = ({ request, params }, client) =>
  client.ensureQueryData(userQuery(scopeOf(urlOf(request)), idOf(params)));

export const clientsLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const query = clientsListQuery(url.searchParams, clientStatusOfPath(url.pathname));
  return client.ensureQueryData(clientsQuery(scopeOf(url), query));
};

/** The admin's form offers the active managers; a manager's form has no picker. */
export const clientAddLoader: PageLoader = async ({ request }, client) => {
  if (scopeOf(urlOf(request)) !== 'admin') return;
  await client.ensureQueryData(peopleOptionsQuery({ roles: ['manager'], status: 'active' }));
};

export const teamsLoader: PageLoader = ({ request }, client) =>
  client.ensureQueryData(teamsQuery(teamsListQuery(urlOf(request).searchParams)));

export const organizationsLoader: PageLoader = ({ request }, client) =>
  Promise.all([
    client.ensureQueryData(organizationsQuery(organizationsListQuery(urlOf(request).searchParams))),
    client.ensureQueryData(plansQuery()),
  ]);

export const organizationUsersLoader: PageLoader = ({ request, params }, client) =>
  client.ensureQueryData(
    allUsersQuery(organizationUsersListQuery(urlOf(request).searchParams, idOf(params))),
  );

export const settingsLoader: PageLoader = (_, client) => client.ensureQueryData(settingsQuery());
