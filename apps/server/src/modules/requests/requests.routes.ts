import {
  adminRequests as admin,
  managerRequests as manager,
  vaRequests as va,
} from '@vahub/shared/requests/endpoints';
import type { ModuleContext } from '../../lib/module';
import { readRequestBody } from './requests.attachments';
import { createRequest, vacationDays } from './requests.create';
import { cancelRequest, decideRequest } from './requests.decide';
import { listOwnRequests, listRequests, requestDetail } from './requests.reads';
import { deleteRequest } from './requests.remove';

/** Every role's request calls; the viewer's scope is what tells the admin's and a manager's apart. */
export function registerRequestRoutes({ route, deps }: ModuleContext) {
  for (const api of [admin, manager]) {
    route(api.list, ({ query }, { viewer }) => listRequests(deps, viewer, query));
    route(api.detail, ({ params }, { viewer }) => requestDetail(deps, viewer, params.id));
    route(api.decide, ({ params, body }, { viewer }) => decideRequest(deps, viewer, params.id, body));
  }
  route(admin.remove, ({ params }, { viewer }) => deleteRequest(deps, viewer, params.id));

  route(va.list, ({ query }, { viewer }) => listOwnRequests(deps, viewer, query));
  route(va.detail, ({ params }, { viewer }) => requestDetail(deps, viewer, params.id));
  route(va.create, async (_input, { request, viewer }) =>
    createRequest(deps, viewer, await readRequestBody(request)),
  );
  route(va.cancel, ({ params }, { viewer }) => cancelRequest(deps, viewer, params.id));
  route(va.vacationDays, ({ body }, { viewer }) => vacationDays(deps, viewer, body));
}
