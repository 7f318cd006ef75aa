import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarEndpoints } from '@vahub/shared/calendar/endpoints';
import type { FeedKind } from '@vahub/shared/calendar/schemas';
import { adminTokenEndpoints, tokenEndpoints } from '@vahub/shared/tokens/endpoints';
import type { TokenCreate } from '@vahub/shared/tokens/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** The signed-in user's personal API tokens. */
export const useApiTokens = () => useQuery(endpointQuery(tokenEndpoints.list, {}));

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TokenCreate) => call(tokenEndpoints.create, { body }),
    onSettled: () => invalidate(client, 'tokens'),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(tokenEndpoints.revoke, { params: { id } }),
    onSettled: () => invalidate(client, 'tokens'),
  });
}

/** The organization's live tokens (admins). */
export const useOrganizationTokens = () => useQuery(endpointQuery(adminTokenEndpoints.list, {}));

export function useRevokeOrganizationToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminTokenEndpoints.revoke, { params: { id } }),
    onSettled: () => invalidate(client, 'tokens'),
  });
}

export const useCalendarFeeds = () => useQuery(endpointQuery(calendarEndpoints.feeds, {}));

export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: FeedKind) => call(calendarEndpoints.reset, { params: { kind } }),
    onSettled: () => invalidate(client, 'calendar'),
  });
}
