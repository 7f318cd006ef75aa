import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { UserRow } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys, type Scope } from './scope';

export interface UsersParams {
  page: number;
  per_page: number;
  search?: string;
  role?: string;
  status?: string;
  team_id?: number;
  sort?: string;
}

export interface UserPage {
  data: UserRow[];
  meta: PaginationMeta;
}

export const getUsers = (scope: Scope, params: UsersParams, signal?: AbortSignal): Promise<UserPage> =>
  apiFetch<UserPage>(areaPath(scope, 'users/paginated'), { query: { ...params }, signal });

export const usersQueryOptions = (scope: Scope, params: UsersParams) =>
  queryOptions({
    queryKey: peopleKeys.users(scope, params),
    queryFn: ({ signal }) => getUsers(scope, params, signal),
    placeholderData: keepPreviousData,
  });

/** One page of users (admin: the organization; manager: the people they supervise). */
export const useUsers = (scope: Scope, params: UsersParams) => useQuery(usersQueryOptions(scope, params));
