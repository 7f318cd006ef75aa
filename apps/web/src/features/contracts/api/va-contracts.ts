import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';
import type { ContractPage } from './contracts-list';

/** VA `GET contracts`: their contracts (not drafts) with schedules, settings and client. */
export const getVaContracts = (): Promise<ContractPage> =>
  apiFetch<ContractPage>(`${AREA.va}/contracts`, { query: { page: 1, per_page: 100 } });

export const vaContractsQueryOptions = () =>
  queryOptions({ queryKey: ['contracts', 'va', 'mine'], queryFn: getVaContracts });

export const useVaContracts = () => useQuery(vaContractsQueryOptions());
