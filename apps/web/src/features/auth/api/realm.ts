import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Realm } from '@vahub/shared/organization/schemas';
import { apiFetch } from '../../../lib/api-client';

export const getRealm = (): Promise<Realm> => apiFetch<Realm>('/api/v1/realm', { auth: false });

export const realmQueryOptions = () =>
  queryOptions({ queryKey: ['realm'], queryFn: getRealm, staleTime: Number.POSITIVE_INFINITY });

export const useRealm = () => useQuery(realmQueryOptions());
