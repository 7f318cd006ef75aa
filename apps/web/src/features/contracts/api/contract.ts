import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

/** `GET contracts/{id}` (admin or client): a contract with settings and schedules. */
export const getContract = (area: 'admin' | 'client', id: number): Promise<Contract> =>
  apiFetch<Contract>(`${AREA[area]}/contracts/${id}`);

export const contractQueryOptions = (area: 'admin' | 'client', id: number) =>
  queryOptions({ queryKey: ['contracts', area, 'one', id], queryFn: () => getContract(area, id) });

export const useContract = (area: 'admin' | 'client', id: number, enabled = true) =>
  useQuery({ ...contractQueryOptions(area, id), enabled: enabled && id > 0 });
