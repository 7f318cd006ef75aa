import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORGANIZATION_CALLS } from '@vahub/shared/organization/calls';
import type { organizationEndpoints } from '@vahub/shared/organization/endpoints';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

// The gate reads it on every page: call data, not the contract.
const organization = contractOf<typeof organizationEndpoints.get>(ORGANIZATION_CALLS.get);

/** `GET /api/v1/organization`, loaded once per session: the gate reads it on every navigation. */
export const organizationQueryOptions = () =>
  queryOptions({ ...endpointQuery(organization, {}), staleTime: Number.POSITIVE_INFINITY });

export const useOrganization = () => useQuery(organizationQueryOptions());
