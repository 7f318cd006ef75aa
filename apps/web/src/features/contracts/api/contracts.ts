import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput, EndpointOutput } from '@vahub/shared/api/endpoint';
import { adminContracts, clientContracts, vaContracts } from '@vahub/shared/contracts/endpoints';
import type { ContractListQuery } from '@vahub/shared/contracts/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

/** Areas that read one contract or a VA's contracts: admins any, clients their own. */
export type ContractArea = 'admin' | 'client';
export type ContractFilters = Partial<ContractListQuery>;
/** The copies made, and why the others could not be (messages keyed by VA id). */
export type MultiplyResult = EndpointOutput<typeof adminContracts.multiply>;

const areaApi = { admin: adminContracts, client: clientContracts } as const;

/** Contracts of the admin area (filters VA, client, status, search; paginated). */
export const contractsQuery = (query: ContractFilters) => endpointQuery(adminContracts.list, { query });
export const useContracts = (query: ContractFilters) =>
  useQuery({ ...contractsQuery(query), placeholderData: keepPreviousData });

/** One contract with settings and schedules (an admin's any, a client's own). */
export const contractQuery = (area: ContractArea, id: number) =>
  endpointQuery(areaApi[area].get, { params: { id } });
export const useContract = (area: ContractArea, id: number, enabled = true) =>
  useQuery({ ...contractQuery(area, id), enabled: enabled && id > 0 });

/** A user's contracts (as the VA or the client), for the admin's user tabs. */
export const userContractsQuery = (id: number, page: number) =>
  endpointQuery(adminContracts.ofUser, { params: { id }, query: { page, per_page: 20 } });
export const useUserContracts = (id: number, page: number) =>
  useQuery({ ...userContractsQuery(id, page), placeholderData: keepPreviousData });

/** A user's contracts with schedules: an admin's view of anyone, a client's of one of their VAs. */
export const contractsSchedulesQuery = (area: ContractArea, id: number) =>
  endpointQuery(
    area === 'admin' ? adminContracts.userContractsSchedules : clientContracts.vaContractsSchedules,
    { params: { id } },
  );
export const useContractsSchedules = (area: ContractArea, id: number) =>
  useQuery(contractsSchedulesQuery(area, id));

/** A VA's own contracts (never drafts) with schedules, settings and client. */
export const vaContractsQuery = () => endpointQuery(vaContracts.list, { query: { page: 1, per_page: 100 } });
export const useVaContracts = () => useQuery(vaContractsQuery());

/** A mutation of the contracts that refetches every contract and schedule view once it succeeds. */
function useContractMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(client, 'contracts', 'schedules') });
}

type Body<E extends keyof typeof adminContracts> = NonNullable<
  EndpointInput<(typeof adminContracts)[E]>['body']
>;

export const useCreateContract = () =>
  useContractMutation((body: Body<'create'>) => call(adminContracts.create, { body }));

export const useUpdateContract = () =>
  useContractMutation(({ id, ...body }: Body<'update'> & { id: number }) =>
    call(adminContracts.update, { params: { id }, body }),
  );

export const useDeleteContract = () =>
  useContractMutation((id: number) => call(adminContracts.remove, { params: { id } }));

export const useActivateContract = () =>
  useContractMutation((id: number) => call(adminContracts.activate, { params: { id } }));

export const useMultiplyContract = () =>
  useContractMutation(({ id, va_ids }: { id: number; va_ids: number[] }) =>
    call(adminContracts.multiply, { params: { id }, body: { va_ids } }),
  );

/** Changes some settings (the id is the settings row's). */
export const usePatchContractSettings = () =>
  useContractMutation(({ id, ...body }: Body<'patchSettings'> & { id: number }) =>
    call(adminContracts.patchSettings, { params: { id }, body }),
  );
