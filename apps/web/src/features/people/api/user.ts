import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys, type Scope } from './scope';

export const getUser = (scope: Scope, id: number): Promise<UserDetail> =>
  apiFetch<UserDetail>(areaPath(scope, `user/${id}`));

export const userQueryOptions = (scope: Scope, id: number) =>
  queryOptions({ queryKey: peopleKeys.user(scope, id), queryFn: () => getUser(scope, id) });

export const useUser = (scope: Scope, id: number) => useQuery(userQueryOptions(scope, id));
