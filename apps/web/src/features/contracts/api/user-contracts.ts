import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';
import type { ContractPage } from './contracts-list';

/** Admin `GET contracts/user/{id}`: contracts where the user is the VA or the client. */
export const getUserContracts = (userId: number, page: number): Promise<ContractPage> =>
  apiFetch<ContractPage>(`${AREA.admin}/contracts/user/${userId}`, { query: { page, per_page: 20 } });

export const userContractsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['contracts', 'admin', 'user', userId, page],
    queryFn: () => getUserContracts(userId, page),
    placeholderData: keepPreviousData,
  });

export const useUserContracts = (userId: number, page: number) =>
  useQuery(userContractsQueryOptions(userId, page));
