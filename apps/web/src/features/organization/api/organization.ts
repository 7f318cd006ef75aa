import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@vahub/shared/organization/schemas';
import { apiFetch } from '../../../lib/api-client';

/**
 * `GET /api/v1/organization`. Its contract belongs to the organizations module and lands with it; until
 * then this is the one place the path is written. It must stay zod-free: the gate reads it on every page.
 */
export const getOrganization = (): Promise<Organization> => apiFetch<Organization>('/api/v1/organization');

/** Loaded once per session: the gate reads it on every navigation. */
export const organizationQueryOptions = () =>
  queryOptions({
    queryKey: ['organizations', 'current'] as const,
    queryFn: getOrganization,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useOrganization = () => useQuery(organizationQueryOptions());
