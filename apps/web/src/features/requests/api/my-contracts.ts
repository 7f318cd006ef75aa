import { useQuery } from '@tanstack/react-query';
import { vaContracts } from '@vahub/shared/contracts/endpoints';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { endpointQuery } from '../../../lib/query-keys';

/** `GET va-access/contracts`: the contracts a request may be for (the active ones). */
export const myContractsQuery = () => endpointQuery(vaContracts.list, { query: { page: 1, per_page: 100 } });

export const activeContracts = (contracts: Contract[]): Contract[] =>
  contracts.filter((c) => c.status === 'active');

// One function for every render, so the selected list keeps its identity between renders.
const selectActive = (page: { data: Contract[] }) => activeContracts(page.data);

export const useMyContracts = () => useQuery({ ...myContractsQuery(), select: selectActive });
