import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@vahub/shared/auth/schemas';
import { apiFetch } from '../../../lib/api-client';

/**
 * `GET /api/v1/me`. Its contract belongs to the people module (which serves it) and lands with it; until
 * then this is the one place the path is written. It must stay zod-free: the gate (in every page's first
 * script) and the sign-in page read it.
 */
export const getMe = (): Promise<Me> => apiFetch<Me>('/api/v1/me');

/** Under the `session` resource, so `invalidate(client, 'session')` refetches it. */
export const meQueryKey = ['session', 'me'] as const;

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export const useMe = () => useQuery(meQueryOptions());
