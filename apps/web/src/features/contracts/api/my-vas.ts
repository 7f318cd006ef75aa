import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VaOfClient } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';
import type { VaPage } from './client-va-list';

/** Client `GET va-list-paginated`: their VAs, searchable. */
export const getMyVas = (page: number, search: string): Promise<VaPage> =>
  apiFetch<VaPage>(`${AREA.client}/va-list-paginated`, {
    query: { page, per_page: 20, search: search || undefined },
  });

export const myVasQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: ['contracts', 'client', 'vas', page, search],
    queryFn: () => getMyVas(page, search),
    placeholderData: keepPreviousData,
  });

export const useMyVas = (page: number, search: string) => useQuery(myVasQueryOptions(page, search));

/** Client `GET user/{id}`: one of their VAs. */
export const getMyVa = (id: number): Promise<VaOfClient> => apiFetch<VaOfClient>(`${AREA.client}/user/${id}`);

export const useMyVa = (id: number) =>
  useQuery({ queryKey: ['contracts', 'client', 'va', id], queryFn: () => getMyVa(id) });
