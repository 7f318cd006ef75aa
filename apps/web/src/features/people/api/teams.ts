import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointInput } from '@vahub/shared/api/endpoint';
import { teamEndpoints as api } from '@vahub/shared/teams/endpoints';
import type { TeamCreateInput, TeamUpdateInput } from '@vahub/shared/teams/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { PEOPLE, useChange } from './change';

export type TeamsQuery = NonNullable<EndpointInput<typeof api.list>['query']>;

/** The first hundred teams, for filters and pickers. */
export const ALL_TEAMS: TeamsQuery = { page: 1, per_page: 100 };

export const teamsQuery = (query: TeamsQuery = ALL_TEAMS) => ({
  ...endpointQuery(api.list, { query }),
  placeholderData: keepPreviousData,
});
export const useTeams = (query?: TeamsQuery) => useQuery(teamsQuery(query));

export const useTeam = (id: number | null) =>
  useQuery({ ...endpointQuery(api.get, { params: { id: id ?? 0 } }), enabled: id !== null });

export const useCreateTeam = () => useChange((body: TeamCreateInput) => call(api.create, { body }), PEOPLE);
export const useUpdateTeam = () =>
  useChange(
    ({ id, body }: { id: number; body: TeamUpdateInput }) => call(api.update, { params: { id }, body }),
    PEOPLE,
  );
export const useDeleteTeam = () => useChange((id: number) => call(api.remove, { params: { id } }), PEOPLE);
