import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@vahub/shared/organization/schemas';
import { apiFetch } from '../../../lib/api-client';

export const getOrganization = (): Promise<Organization> => apiFetch<Organization>('/api/v1/organization');

/** Loaded once per session: the gate reads it on every navigation. */
export const organizationQueryOptions = () =>
  queryOptions({ queryKey: ['organization'], queryFn: getOrganization, staleTime: Number.POSITIVE_INFINITY });

export const useOrganization = () => useQuery(organizationQueryOptions());
