import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { Contract } from '@vahub/shared/contracts/schemas';
import type { ContractStatus } from '@vahub/shared/contracts/statuses';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

export interface ContractPage {
  data: Contract[];
  meta: PaginationMeta;
}

export interface ContractFilters {
  page?: number;
  per_page?: number;
  va_id?: number;
  client_id?: number;
  status?: ContractStatus;
  search?: string;
}

/** Admin `GET contracts` (filters VA, client, status, search; paginated). */
export const getContracts = (filters: ContractFilters): Promise<ContractPage> =>
  apiFetch<ContractPage>(`${AREA.admin}/contracts`, { query: { ...filters } });

export const contractsQueryOptions = (filters: ContractFilters) =>
  queryOptions({
    queryKey: ['contracts', 'admin', 'list', filters],
    queryFn: () => getContracts(filters),
    placeholderData: keepPreviousData,
  });

export const useContracts = (filters: ContractFilters) => useQuery(contractsQueryOptions(filters));
