import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '@vahub/shared/api/endpoint';
import { adminUsers, managerUsers } from '@vahub/shared/users/endpoints';
import type { ClientCreateInput } from '@vahub/shared/users/payloads';
import { call } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { PEOPLE, useChange } from './change';
import type { Scope } from './users';

export type ClientsQuery = NonNullable<EndpointInput<typeof adminUsers.clients>['query']>;

const LIST = { admin: adminUsers.clients, manager: managerUsers.clients } as const;

/** Clients of one status (or all), with the count of each status. */
export const clientsQuery = (scope: Scope, query: ClientsQuery) => ({
  ...endpointQuery(LIST[scope], { query }),
  placeholderData: keepPreviousData,
});
export const useClients = (scope: Scope, query: ClientsQuery) => useQuery(clientsQuery(scope, query));

/** Admin: a user with the client role (managers optional); manager: `POST clients`, they become its manager. */
export const useCreateClient = (scope: Scope) =>
  useChange(
    (body: ClientCreateInput & { manager_ids?: number[] }) =>
      scope === 'admin'
        ? call(adminUsers.create, { body: { ...body, role: 'client' } })
        : call(managerUsers.createClient, { body }),
    PEOPLE,
  );

export const useSetClientManagers = () =>
  useChange(
    ({ id, managerIds }: { id: number; managerIds: number[] }) =>
      call(adminUsers.setClientManagers, { params: { id }, body: { manager_ids: managerIds } }),
    PEOPLE,
  );
