import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@vahub/shared/auth/schemas';
import { apiFetch } from '../../../lib/api-client';

export const getMe = (): Promise<Me> => apiFetch<Me>('/api/v1/me');

export const meQueryKey = ['me'] as const;

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export const useMe = () => useQuery(meQueryOptions());
