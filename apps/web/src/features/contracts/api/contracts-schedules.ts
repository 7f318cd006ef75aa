import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

/**
 * `GET user/{id}/contracts-schedules`: for an admin, the user's contracts; for a client, their contracts
 * with that VA. Each with schedules and settings.
 */
export const getContractsSchedules = (area: 'admin' | 'client', userId: number) =>
  apiFetch<{ data: Contract[] }>(`${AREA[area]}/user/${userId}/contracts-schedules`);

export const contractsSchedulesQueryOptions = (area: 'admin' | 'client', userId: number) =>
  queryOptions({
    queryKey: ['contracts', area, 'with-schedules', userId],
    queryFn: () => getContractsSchedules(area, userId),
  });

export const useContractsSchedules = (area: 'admin' | 'client', userId: number) =>
  useQuery(contractsSchedulesQueryOptions(area, userId));
