import type { LoaderFunctionArgs } from 'react-router';
import {
  contractQuery,
  contractsSchedulesQuery,
  userContractsQuery,
  vaContractsQuery,
} from '../../../features/contracts/api/contracts';
import {
  clientSchedulesQuery,
  type ScheduleArea,
  type ScheduleFilters,
  schedulesQuery,
} from '../../../features/contracts/api/schedules';
import { clientVaListQuery, myVaQuery, myVasQuery } from '../../../features/contracts/api/vas';
import type { PageLoader } from '../../manifest';

const num = (v: string | null) => (v ? Number(v) : undefined);
const idOf = ({ params }: LoaderFunctionArgs) => Number(params.id);
const searchOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

/** The schedules list's filters, kept in the URL (`?client_id=&va_id=&team_id=&page=`). */
export const scheduleFilters = (params: URLSearchParams): ScheduleFilters => ({
  page: num(params.get('page')) ?? 1,
  per_page: 25,
  client_id: num(params.get('client_id')),
  va_id: num(params.get('va_id')),
  team_id: num(params.get('team_id')),
});

/** A manager's view of one contract's week: its blocks. */
export const managerContractFilters = (contractId: number): ScheduleFilters => ({
  contract_id: contractId,
  per_page: 100,
});

const schedulesOf =
  (area: ScheduleArea): PageLoader =>
  (args, client) =>
    client.ensureQueryData(schedulesQuery(area, scheduleFilters(searchOf(args))));

export const adminSchedules = schedulesOf('admin');
export const managerSchedules = schedulesOf('manager');
export const clientSchedules: PageLoader = (_, client) => client.ensureQueryData(clientSchedulesQuery());

export const adminContract: PageLoader = (args, client) =>
  client.ensureQueryData(contractQuery('admin', idOf(args)));
export const clientContract: PageLoader = (args, client) =>
  client.ensureQueryData(contractQuery('client', idOf(args)));
export const managerContract: PageLoader = (args, client) =>
  client.ensureQueryData(schedulesQuery('manager', managerContractFilters(idOf(args))));

export const clientVas: PageLoader = (_, client) => client.ensureQueryData(myVasQuery(1, ''));
export const clientVa: PageLoader = (args, client) => client.ensureQueryData(myVaQuery(idOf(args)));
export const clientVaSchedules: PageLoader = (args, client) =>
  client.ensureQueryData(contractsSchedulesQuery('client', idOf(args)));

export const vaSchedules: PageLoader = (_, client) => client.ensureQueryData(vaContractsQuery());

export const userContracts: PageLoader = (args, client) =>
  client.ensureQueryData(userContractsQuery(idOf(args), 1));
export const userSchedules: PageLoader = (args, client) =>
  client.ensureQueryData(contractsSchedulesQuery('admin', idOf(args)));
export const userVaList: PageLoader = (args, client) =>
  client.ensureQueryData(clientVaListQuery(idOf(args), 1, ''));
