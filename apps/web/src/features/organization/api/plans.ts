import { type QueryClient, useQuery } from '@tanstack/react-query';
import { organizationEndpoints } from '@vahub/shared/organization/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

/** `GET /api/v1/plans`: the plan ladder to choose from. */
export const plansQueryOptions = () => endpointQuery(organizationEndpoints.plans, {});

export const usePlans = () => useQuery(plansQueryOptions());

/** The plan chooser's data, fetched while its page's code downloads. */
export const plansLoader = (_: unknown, client: QueryClient) => client.ensureQueryData(plansQueryOptions());
