import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_CALLS } from '@vahub/shared/users/calls';
import type { accountEndpoints } from '@vahub/shared/users/endpoints';
import { call, contractOf } from './api-client';
import { queryKeyOf } from './query-keys';

// The gate (every page's first script) and the sign-in page read it: call data, not the contract.
const me = contractOf<typeof accountEndpoints.me>(ACCOUNT_CALLS.me);

/** `GET /api/v1/me`: the signed-in user. */
export const getMe = () => call(me, {});

/** Under the `session` resource, so `invalidate(client, 'session')` refetches it. */
export const meQueryKey = queryKeyOf(me);

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export const useMe = () => useQuery(meQueryOptions());
