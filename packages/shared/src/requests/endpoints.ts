import { endpoint } from '../api/endpoint';
import { idParamSchema, messageSchema } from '../api/problem';
import {
  createRequestSchema,
  decideRequestSchema,
  ownRequestQuerySchema,
  requestQuerySchema,
  userRequestDetailSchema,
  userRequestPageSchema,
  vacationDaysQuerySchema,
  vacationDaysSchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const VA = '/api/v1/va-access';

const requests = { resource: 'requests', tags: ['requests'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;

type DecideAccess = 'requests.read_all' | 'requests.read_scoped';

/** The queue the admin (every VA) and a manager (the VAs in their scope) share. */
const deciderRequests = (base: string, access: DecideAccess) => ({
  list: endpoint({
    ...requests,
    method: 'GET',
    path: `${base}/user-requests`,
    access,
    summary:
      'Requests, pending first then newest (filters: status, type, va_id, client_id, contract_id, team_id, start_date, end_date); `meta.pending` counts the pending ones of the filter',
    query: requestQuerySchema,
    response: userRequestPageSchema,
  }),
  detail: endpoint({
    ...requests,
    ...byId,
    method: 'GET',
    path: `${base}/user-requests/:id`,
    access,
    summary: 'One request with its attachment (a signed URL) and what approving it does or did',
    response: userRequestDetailSchema,
  }),
  decide: endpoint({
    ...requests,
    ...byId,
    method: 'PATCH',
    path: `${base}/user-requests/:id`,
    access: 'requests.decide',
    summary:
      'Approves or rejects with a note; the effect (shifts on leave, overtime on the timesheet, a make-up shift) applies in the same transaction, and a reversal undoes it',
    body: decideRequestSchema,
    response: userRequestDetailSchema,
    errors: [404, 422],
  }),
});

export const adminRequests = {
  ...deciderRequests(ADMIN, 'requests.read_all'),
  remove: endpoint({
    ...requests,
    ...byId,
    method: 'DELETE',
    path: `${ADMIN}/user-requests/:id`,
    access: 'requests.read_all',
    summary: 'Deletes a request and its attachment; an approved one is undone first',
    response: messageSchema,
  }),
};
export const managerRequests = deciderRequests(MANAGER, 'requests.read_scoped');

export const vaRequests = {
  list: endpoint({
    ...requests,
    method: 'GET',
    path: `${VA}/user-requests`,
    access: 'requests.own',
    summary: 'My requests, newest first (filters: status, type)',
    query: ownRequestQuerySchema,
    response: userRequestPageSchema,
  }),
  detail: endpoint({
    ...requests,
    ...byId,
    method: 'GET',
    path: `${VA}/user-requests/:id`,
    access: 'requests.own',
    summary: 'One of my requests with its attachment and its effect',
    response: userRequestDetailSchema,
  }),
  create: endpoint({
    ...requests,
    method: 'POST',
    path: `${VA}/user-requests`,
    access: 'requests.own',
    summary:
      'Asks for leave, reports an absence or sickness, asks for overtime or a make-up shift: JSON, or multipart with the attachment as `file` (required for sick_leave, overtime and mus)',
    // Documented here and parsed by the handler (multipart fields arrive as text; a JSON body is parsed the same).
    body: createRequestSchema,
    encoding: 'multipart',
    response: userRequestDetailSchema,
    status: 201,
    errors: [413, 422],
  }),
  cancel: endpoint({
    ...requests,
    ...byId,
    method: 'DELETE',
    path: `${VA}/user-requests/:id`,
    access: 'requests.own',
    summary: 'Cancels one of my pending requests',
    response: userRequestDetailSchema,
    errors: [404, 422],
  }),
  vacationDays: endpoint({
    ...requests,
    method: 'POST',
    path: `${VA}/user-vacations/days`,
    access: 'requests.own',
    summary:
      'How many scheduled working days a range covers under a contract, and the allowance left this year for that type',
    body: vacationDaysQuerySchema,
    response: vacationDaysSchema,
    errors: [404, 422],
  }),
};
