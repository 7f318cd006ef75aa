import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

/** Admin `GET client/{id}/search-not-in-list`: active VAs without a contract with the client (20 at most). */
export const searchNotInList = (clientId: number, search: string) =>
  apiFetch<{ data: PersonSummary[] }>(`${AREA.admin}/client/${clientId}/search-not-in-list`, {
    query: { search: search || undefined },
  });

export const searchNotInListQueryOptions = (clientId: number, search: string) =>
  queryOptions({
    queryKey: ['contracts', 'admin', 'not-in-list', clientId, search],
    queryFn: () => searchNotInList(clientId, search),
    placeholderData: keepPreviousData,
  });

export const useSearchNotInList = (clientId: number, search: string, enabled: boolean) =>
  useQuery({ ...searchNotInListQueryOptions(clientId, search), enabled });
