import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { ScheduleListItem } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

export interface SchedulePage {
  data: ScheduleListItem[];
  meta: PaginationMeta;
}

export interface ScheduleFilters {
  page?: number;
  per_page?: number;
  client_id?: number;
  va_id?: number;
  contract_id?: number;
  team_id?: number;
}

/** `GET schedules` of the admin, client or manager area (filters; paginated). */
export const getSchedules = (area: 'admin' | 'client' | 'manager', filters: ScheduleFilters) =>
  apiFetch<SchedulePage>(`${AREA[area]}/schedules`, { query: { ...filters } });

export const schedulesQueryOptions = (area: 'admin' | 'client' | 'manager', filters: ScheduleFilters) =>
  queryOptions({
    queryKey: ['schedules', area, filters],
    queryFn: () => getSchedules(area, filters),
    placeholderData: keepPreviousData,
  });

export const useSchedules = (
  area: 'admin' | 'client' | 'manager',
  filters: ScheduleFilters,
  enabled = true,
) => useQuery({ ...schedulesQueryOptions(area, filters), enabled });
