import {
  adminTimesheets as admin,
  clientTimesheets as client,
  managerTimesheets as manager,
  vaTimesheets as va,
} from '@vahub/shared/timesheets/endpoints';
import type { ModuleContext } from '../../lib/module';
import { registerTimesheetJobs } from './timesheets.jobs';
import { listOwnTimesheets, listTimesheets, timesheetDetail } from './timesheets.reads';
import { replyToDispute, signOffWeek } from './timesheets.sign-off';
import { updateTimesheet } from './timesheets.update';
import { listWeeks } from './timesheets.weeks';

/**
 * Lists, detail, PATCH, weeks, the client's sign-off and the VA's reply, and the reminder and auto-approval
 * jobs. The viewer's scope is what tells the supervisors' calls apart (exports and reports register their own).
 */
export function registerTimesheets({ route, deps }: ModuleContext) {
  for (const api of [admin, manager, client]) {
    route(api.list, ({ query }, { viewer }) => listTimesheets(deps, viewer, query));
    route(api.detail, ({ params }, { viewer }) => timesheetDetail(deps, viewer, params.id));
    route(api.weeks, ({ query }, { viewer }) => listWeeks(deps, viewer, query));
  }
  for (const api of [admin, manager])
    route(api.update, ({ params, body }, { viewer }) => updateTimesheet(deps, viewer, params.id, body));
  route(client.signOff, ({ body }, { viewer }) => signOffWeek(deps, viewer, body));

  route(va.list, ({ query }, { viewer }) => listOwnTimesheets(deps, viewer, query));
  route(va.weeks, ({ query }, { viewer }) => listWeeks(deps, viewer, query));
  route(va.reply, ({ body }, { viewer }) => replyToDispute(deps, viewer, body));

  registerTimesheetJobs(deps);
}
