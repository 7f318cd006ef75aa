import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { Team, TeamCreateInput, TeamDetail, TeamUpdateInput } from '@vahub/shared/teams/schemas';
import { apiFetch } from '../../../lib/api-client';
import { areaPath, peopleKeys } from './scope';

export interface TeamsParams {
  page: number;
  per_page: number;
  search?: string;
}

export const getTeams = (params: TeamsParams): Promise<{ data: Team[]; meta: PaginationMeta }> =>
  apiFetch('/api/v1/teams', { query: { ...params } });

export const teamsQueryOptions = (params: TeamsParams) =>
  queryOptions({
    queryKey: peopleKeys.teams(params),
    queryFn: () => getTeams(params),
    placeholderData: keepPreviousData,
  });

/** Teams of the organization (any signed-in role may read them). */
export const useTeams = (params: TeamsParams = { page: 1, per_page: 100 }) =>
  useQuery(teamsQueryOptions(params));

export const getTeam = (id: number): Promise<TeamDetail> => apiFetch<TeamDetail>(`/api/v1/teams/${id}`);

export const useTeam = (id: number | null) =>
  useQuery({
    queryKey: peopleKeys.team(id ?? 0),
    queryFn: () => getTeam(id ?? 0),
    enabled: id !== null,
  });

const invalidating = <A, R>(fn: (arg: A) => Promise<R>) =>
  function useIt() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: fn,
      onSuccess: () => client.invalidateQueries({ queryKey: peopleKeys.all }),
    });
  };

export const createTeam = (body: TeamCreateInput): Promise<TeamDetail> =>
  apiFetch<TeamDetail>(areaPath('admin', 'teams'), { method: 'POST', body });
export const useCreateTeam = invalidating(createTeam);

export const updateTeam = ({ id, body }: { id: number; body: TeamUpdateInput }): Promise<TeamDetail> =>
  apiFetch<TeamDetail>(areaPath('admin', `teams/${id}`), { method: 'PATCH', body });
export const useUpdateTeam = invalidating(updateTeam);

export const deleteTeam = (id: number): Promise<void> =>
  apiFetch<void>(areaPath('admin', `teams/${id}`), { method: 'DELETE' });
export const useDeleteTeam = invalidating(deleteTeam);
