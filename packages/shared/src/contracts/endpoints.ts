import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema, messageSchema, paginated, paginationQuerySchema } from '../api/problem';
import {
  contractCreateSchema,
  contractListQuerySchema,
  contractSchema,
  contractUpdateSchema,
  multiplyResultSchema,
  multiplySchema,
  personSummarySchema,
  scheduleCreateSchema,
  scheduledShiftSchema,
  scheduledTodayQuerySchema,
  scheduleListItemSchema,
  scheduleListQuerySchema,
  scheduleUpdateSchema,
  searchPageQuerySchema,
  searchQuerySchema,
  vaOfClientSchema,
} from './schemas';
import { contractSettingsPatchSchema, contractSettingsPutSchema, contractSettingsSchema } from './settings';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const contracts = { resource: 'contracts', tags: ['contracts'] } as const;
const schedules = { resource: 'schedules', tags: ['schedules'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/** Contracts of the admin area: every contract of the organization, drafts included. */
export const adminContracts = {
  list: endpoint({
    ...contracts,
    method: 'GET',
    path: `${ADMIN}/contracts`,
    access: 'contracts.manage',
    summary: 'Contracts (filters va_id, client_id, status, search)',
    query: contractListQuerySchema,
    response: paginated(contractSchema),
  }),
  create: endpoint({
    ...contracts,
    method: 'POST',
    path: `${ADMIN}/contracts`,
    access: 'contracts.manage',
    summary: 'Create a draft contract (settings from the organization defaults)',
    body: contractCreateSchema,
    response: contractSchema,
    status: 201,
  }),
  putSettings: endpoint({
    ...contracts,
    method: 'POST',
    path: `${ADMIN}/contracts/settings`,
    access: 'contracts.manage',
    summary: "Create or replace a contract's settings",
    body: contractSettingsPutSchema,
    response: contractSettingsSchema,
    errors: [404],
  }),
  patchSettings: endpoint({
    ...contracts,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/contracts/settings/:id`,
    access: 'contracts.manage',
    summary: "Change some of a contract's settings (id of the settings)",
    body: contractSettingsPatchSchema,
    response: contractSettingsSchema,
  }),
  ofUser: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/contracts/user/:id`,
    operationName: 'listUserContracts',
    access: 'contracts.manage',
    summary: 'Contracts where the user is the VA or the client',
    query: paginationQuerySchema,
    response: paginated(contractSchema),
  }),
  get: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/contracts/:id`,
    access: 'contracts.manage',
    summary: 'A contract with its settings and schedules',
    response: contractSchema,
  }),
  update: endpoint({
    ...contracts,
    ...byId,
    method: 'PATCH',
    path: `${ADMIN}/contracts/:id`,
    access: 'contracts.manage',
    summary: 'Change a contract; `status` moves it (draft → active ⇄ paused → ended)',
    body: contractUpdateSchema,
    response: contractSchema,
  }),
  remove: endpoint({
    ...contracts,
    method: 'DELETE',
    path: `${ADMIN}/contracts/:id`,
    access: 'contracts.manage',
    summary: 'Delete a draft or ended contract',
    params: idParamSchema,
    response: messageSchema,
    errors: [404, 409],
  }),
  activate: endpoint({
    ...contracts,
    ...byId,
    method: 'POST',
    path: `${ADMIN}/contracts/:id/activate`,
    access: 'contracts.manage',
    summary: "Activate: needs a schedule and no overlap with the VA's other active contracts",
    response: contractSchema,
  }),
  multiply: endpoint({
    ...contracts,
    ...byId,
    method: 'POST',
    path: `${ADMIN}/contracts/:id/multiply`,
    access: 'contracts.manage',
    summary: 'Copy the contract, settings and schedules as drafts, one per VA',
    body: multiplySchema,
    response: multiplyResultSchema,
  }),
  userContractsSchedules: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/user/:id/contracts-schedules`,
    access: 'contracts.manage',
    summary: "A user's contracts, each with schedules and settings",
    response: listOf(contractSchema),
  }),
  clientVaList: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/client/:id/va-list`,
    access: 'contracts.manage',
    summary: 'VAs holding a contract with the client, with those contracts',
    query: searchPageQuerySchema,
    response: paginated(vaOfClientSchema),
  }),
  searchNotInList: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/client/:id/search-not-in-list`,
    access: 'contracts.manage',
    summary: 'Active VAs without any contract with the client (at most 20)',
    query: searchQuerySchema,
    response: listOf(personSummarySchema),
  }),
} as const;

/** A client's own contracts (never drafts), their VAs and their week. */
export const clientContracts = {
  list: endpoint({
    ...contracts,
    method: 'GET',
    path: `${CLIENT}/contracts`,
    access: 'contracts.read_own',
    summary: 'Your contracts',
    query: paginationQuerySchema,
    response: paginated(contractSchema),
  }),
  schedules: endpoint({
    ...schedules,
    method: 'GET',
    path: `${CLIENT}/contracts/schedules`,
    access: 'contracts.read_own',
    summary: 'Every schedule of your contracts',
    response: listOf(scheduleListItemSchema),
  }),
  get: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${CLIENT}/contracts/:id`,
    access: 'contracts.read_own',
    summary: 'One of your contracts with settings and schedules',
    response: contractSchema,
  }),
  vaList: endpoint({
    ...contracts,
    method: 'GET',
    path: `${CLIENT}/va-list`,
    access: 'contracts.read_own',
    summary: 'Your VAs, with the contracts that link them',
    response: listOf(vaOfClientSchema),
  }),
  vaListPaginated: endpoint({
    ...contracts,
    method: 'GET',
    path: `${CLIENT}/va-list-paginated`,
    access: 'contracts.read_own',
    summary: 'Your VAs, searchable and paginated',
    query: searchPageQuerySchema,
    response: paginated(vaOfClientSchema),
  }),
  va: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${CLIENT}/user/:id`,
    access: 'contracts.read_own',
    summary: 'One of your VAs',
    response: vaOfClientSchema,
  }),
  vaContractsSchedules: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${CLIENT}/user/:id/contracts-schedules`,
    access: 'contracts.read_own',
    summary: 'Your contracts with one VA, each with schedules and settings',
    response: listOf(contractSchema),
  }),
} as const;

/** A manager's reads of the contracts of their clients (never drafts); the pay rate where the organization allows. */
export const managerContracts = {
  list: endpoint({
    ...contracts,
    method: 'GET',
    path: `${MANAGER}/contracts`,
    access: 'contracts.read_scoped',
    summary:
      "Your clients' contracts (filters va_id, client_id, status, search); the pay rate only where the organization lets managers see pay",
    query: contractListQuerySchema,
    response: paginated(contractSchema),
  }),
  get: endpoint({
    ...contracts,
    ...byId,
    method: 'GET',
    path: `${MANAGER}/contracts/:id`,
    access: 'contracts.read_scoped',
    summary: "One of your clients' contracts with settings and schedules",
    response: contractSchema,
  }),
} as const;

/** A VA's own contracts (never drafts) with schedules, settings and the client. */
export const vaContracts = {
  list: endpoint({
    ...contracts,
    method: 'GET',
    path: `${VA}/contracts`,
    access: 'contracts.read_own',
    summary: 'Your contracts with schedules and settings',
    query: paginationQuerySchema,
    response: paginated(contractSchema),
  }),
} as const;

const scheduledTodayResponse = paginated(scheduledShiftSchema).extend({
  date: scheduledShiftSchema.shape.date,
});

/** Schedule reads of an area: the blocks of the contracts the area's viewer sees. */
function scheduleReads(root: string) {
  return {
    list: endpoint({
      ...schedules,
      method: 'GET',
      path: `${root}/schedules`,
      access: 'schedules.read',
      summary: 'Schedules (filters client_id, va_id, contract_id, team_id, weekday)',
      query: scheduleListQuerySchema,
      response: paginated(scheduleListItemSchema),
    }),
    get: endpoint({
      ...schedules,
      ...byId,
      method: 'GET',
      path: `${root}/schedules/:id`,
      access: 'schedules.read',
      summary: 'One schedule block with its contract',
      response: scheduleListItemSchema,
    }),
  };
}

/** Schedule writes of an area: admins anywhere, clients on their own non-draft contracts. */
function scheduleWrites(root: string) {
  return {
    create: endpoint({
      ...schedules,
      method: 'POST',
      path: `${root}/schedules`,
      access: 'schedules.edit',
      summary: 'Add a weekly block (weekday 0 or 7 = Sunday; end <= start runs overnight)',
      body: scheduleCreateSchema,
      response: scheduleListItemSchema,
      status: 201,
      errors: [404],
    }),
    update: endpoint({
      ...schedules,
      ...byId,
      method: 'PATCH',
      path: `${root}/schedules/:id`,
      access: 'schedules.edit',
      summary: 'Move or resize a block',
      body: scheduleUpdateSchema,
      response: scheduleListItemSchema,
    }),
    remove: endpoint({
      ...schedules,
      ...byId,
      method: 'DELETE',
      path: `${root}/schedules/:id`,
      access: 'schedules.edit',
      summary: 'Remove a block',
      response: messageSchema,
    }),
  };
}

export const adminSchedules = {
  ...scheduleReads(ADMIN),
  ...scheduleWrites(ADMIN),
  scheduledToday: endpoint({
    ...schedules,
    method: 'GET',
    path: `${ADMIN}/scheduled-today`,
    access: 'schedules.read',
    summary: "Shifts of active contracts on a date (the contract's local date; default today)",
    query: scheduledTodayQuerySchema,
    response: scheduledTodayResponse,
  }),
} as const;
export const managerSchedules = scheduleReads(MANAGER);
export const clientSchedules = { ...scheduleReads(CLIENT), ...scheduleWrites(CLIENT) } as const;

/** The schedule endpoints of each area that has them. */
export const schedulesByArea = {
  admin: adminSchedules,
  manager: managerSchedules,
  client: clientSchedules,
} as const;
