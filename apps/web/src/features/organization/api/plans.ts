import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@vahub/shared/organization/schemas';
import { apiFetch } from '../../../lib/api-client';

/**
 * `GET /api/v1/plans`. Its contract belongs to the organizations module and lands with it; until then this
 * is the one place the path is written.
 */
export const getPlans = (): Promise<Plan[]> => apiFetch<Plan[]>('/api/v1/plans');

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['plans', 'all'] as const, queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions());

/** The plan chooser's data, fetched while its page's code downloads. */
export const plansLoader = (_: unknown, client: QueryClient) => client.ensureQueryData(plansQueryOptions());
