import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleListItem } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

/** Client `GET contracts/schedules`: every block of their contracts, with contract, VA and zone. */
export const getClientSchedules = () =>
  apiFetch<{ data: ScheduleListItem[] }>(`${AREA.client}/contracts/schedules`);

export const clientSchedulesQueryOptions = () =>
  queryOptions({ queryKey: ['schedules', 'client', 'all'], queryFn: getClientSchedules });

export const useClientSchedules = () => useQuery(clientSchedulesQueryOptions());
