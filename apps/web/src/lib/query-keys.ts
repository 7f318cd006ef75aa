import { type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
  endpointName,
  type Resource,
} from '@vahub/shared/api/endpoint';
import { call } from './api-client';

/**
 * The query-key registry: every query's key starts with the server resource its endpoint reads
 * (`['contracts', 'GET /api/v1/admin-access/contracts', {query}]`), so a change to a resource refetches
 * every view of it, whichever endpoint showed it.
 */
export const queryKeyOf = <E extends EndpointDef>(endpoint: E, input?: EndpointInput<E>) =>
  [endpoint.resource, endpointName(endpoint), input ?? {}] as const;

/** Query options of a GET endpoint: its key from the registry and its fetcher from the contract. */
export function endpointQuery<E extends EndpointDef>(endpoint: E, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: ({ signal }) => call(endpoint, input, signal) as Promise<EndpointOutput<E>>,
  });
}

/** Refetches everything read from these resources (after a change to them). */
export async function invalidate(client: QueryClient, ...resources: Resource[]): Promise<void> {
  await Promise.all(resources.map((resource) => client.invalidateQueries({ queryKey: [resource] })));
}
