import { useQuery } from '@tanstack/react-query';
import { settingsEndpoints } from '@vahub/shared/organization/endpoints';
import { teamEndpoints } from '@vahub/shared/teams/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

/** The organization's settings: their contract defaults prefill a new contract. */
export const useOrgSettings = () =>
  useQuery({ ...endpointQuery(settingsEndpoints.get, {}), staleTime: 60_000 });

/** The organization's teams (first 100), for the schedules filter. */
export const useTeams = (enabled = true) =>
  useQuery({
    ...endpointQuery(teamEndpoints.list, { query: { page: 1, per_page: 100 } }),
    staleTime: 60_000,
    enabled,
  });
