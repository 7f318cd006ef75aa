import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@vahub/shared/teams/schemas';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/teams` (first 100), for the schedules filter. */
export const getTeams = (): Promise<{ data: Team[] }> =>
  apiFetch<{ data: Team[] }>('/api/v1/teams', { query: { page: 1, per_page: 100 } });

export const teamsQueryOptions = () =>
  queryOptions({ queryKey: ['contracts', 'teams'], queryFn: getTeams, staleTime: 60_000 });

export const useTeams = (enabled = true) => useQuery({ ...teamsQueryOptions(), enabled });
