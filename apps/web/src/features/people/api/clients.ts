import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStatus } from '@vahub/shared/auth/schemas';
import type { ClientPage } from '@vahub/shared/users/clients';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys, type Scope } from './scope';

export interface ClientsParams {
  page: number;
  per_page: number;
  status?: UserStatus;
  search?: string;
  sort?: string;
}

export const getClients = (scope: Scope, params: ClientsParams, signal?: AbortSignal): Promise<ClientPage> =>
  apiFetch<ClientPage>(areaPath(scope, 'clients'), { query: { ...params }, signal });

export const clientsQueryOptions = (scope: Scope, params: ClientsParams) =>
  queryOptions({
    queryKey: peopleKeys.clients(scope, params),
    queryFn: ({ signal }) => getClients(scope, params, signal),
    placeholderData: keepPreviousData,
  });

/** Clients of one status (or all), with the count of each status. */
export const useClients = (scope: Scope, params: ClientsParams) =>
  useQuery(clientsQueryOptions(scope, params));
