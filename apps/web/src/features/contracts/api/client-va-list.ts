import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { VaOfClient } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

export interface VaPage {
  data: VaOfClient[];
  meta: PaginationMeta;
}

/** Admin `GET client/{id}/va-list`: a client's VAs with the contracts that link them. */
export const getClientVaList = (clientId: number, page: number, search: string): Promise<VaPage> =>
  apiFetch<VaPage>(`${AREA.admin}/client/${clientId}/va-list`, {
    query: { page, per_page: 20, search: search || undefined },
  });

export const clientVaListQueryOptions = (clientId: number, page: number, search: string) =>
  queryOptions({
    queryKey: ['contracts', 'admin', 'va-list', clientId, page, search],
    queryFn: () => getClientVaList(clientId, page, search),
    placeholderData: keepPreviousData,
  });

export const useClientVaList = (clientId: number, page: number, search: string) =>
  useQuery(clientVaListQueryOptions(clientId, page, search));
