import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserOption } from '@vahub/shared/users/schemas';
import { apiFetch } from '../../../lib/api-client';

/** Admin `GET users?roles=…` (pickers, unpaged), active people only. */
export const getUserOptions = (roles: string): Promise<{ data: UserOption[] }> =>
  apiFetch<{ data: UserOption[] }>(`/api/v1/admin-access/users`, { query: { roles, status: 'active' } });

export const userOptionsQueryOptions = (roles: string) =>
  queryOptions({
    queryKey: ['contracts', 'user-options', roles],
    queryFn: () => getUserOptions(roles),
    staleTime: 60_000,
  });

export const useUserOptions = (roles: 'va' | 'client', enabled = true) =>
  useQuery({ ...userOptionsQueryOptions(roles), enabled });
