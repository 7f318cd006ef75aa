import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@vahub/shared/auth/roles';
import type { UserOption } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export interface OptionsFilter {
  role?: Role;
  status?: 'active' | 'inactive' | 'onhold';
}

export const getUserOptions = (filter: OptionsFilter): Promise<{ data: UserOption[] }> =>
  apiFetch<{ data: UserOption[] }>(areaPath('admin', 'users'), { query: { ...filter } });

export const userOptionsQueryOptions = (filter: OptionsFilter) =>
  queryOptions({
    queryKey: peopleKeys.options(filter),
    queryFn: () => getUserOptions(filter),
    staleTime: 60_000,
  });

/** Everyone matching, for pickers (admin only). */
export const useUserOptions = (filter: OptionsFilter, enabled = true) =>
  useQuery({ ...userOptionsQueryOptions(filter), enabled });
