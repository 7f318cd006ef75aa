import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminContracts, clientContracts } from '@vahub/shared/contracts/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

const page = (n: number, search: string) => ({ page: n, per_page: 20, search: search || undefined });

/** A client's VAs with the contracts that link them (admin view). */
export const clientVaListQuery = (clientId: number, n: number, search: string) =>
  endpointQuery(adminContracts.clientVaList, { params: { id: clientId }, query: page(n, search) });
export const useClientVaList = (clientId: number, n: number, search: string) =>
  useQuery({ ...clientVaListQuery(clientId, n, search), placeholderData: keepPreviousData });

/** A client's own VAs, searchable. */
export const myVasQuery = (n: number, search: string) =>
  endpointQuery(clientContracts.vaListPaginated, { query: page(n, search) });
export const useMyVas = (n: number, search: string) =>
  useQuery({ ...myVasQuery(n, search), placeholderData: keepPreviousData });

/** One of a client's VAs. */
export const myVaQuery = (id: number) => endpointQuery(clientContracts.va, { params: { id } });
export const useMyVa = (id: number) => useQuery(myVaQuery(id));

/** Active VAs without any contract with the client (20 at most), to add one. */
export const useSearchNotInList = (clientId: number, search: string, enabled: boolean) =>
  useQuery({
    ...endpointQuery(adminContracts.searchNotInList, {
      params: { id: clientId },
      query: { search: search || undefined },
    }),
    placeholderData: keepPreviousData,
    enabled,
  });
