import { adminSchedules, clientSchedules, managerSchedules } from '@vahub/shared/contracts/endpoints';
import type { ModuleContext } from '../../lib/module';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  updateSchedule,
} from './schedules.service';
import { scheduledOn } from './schedules.today';

type Reads = typeof managerSchedules;
type Writes = Pick<typeof adminSchedules, 'create' | 'update' | 'remove'>;

/**
 * Schedules in each area: everyone lists and reads those of the contracts they see; admins and clients also
 * create, change and delete them (a client on their own contracts only).
 */
export function scheduleRoutes(ctx: ModuleContext) {
  const { route, deps } = ctx;
  const reads = (api: Reads) => {
    route(api.list, ({ query }, { viewer }) => listSchedules(deps, viewer, query));
    route(api.get, ({ params }, { viewer }) => getSchedule(deps.db, viewer, params.id));
  };
  const writes = (api: Writes) => {
    route(api.create, ({ body }, { viewer }) => createSchedule(deps, viewer, body));
    route(api.update, ({ params, body }, { viewer }) => updateSchedule(deps, viewer, params.id, body));
    route(api.remove, async ({ params }, { viewer }) => {
      await deleteSchedule(deps, viewer, params.id);
      return { message: 'Schedule deleted.' };
    });
  };
  reads(adminSchedules);
  writes(adminSchedules);
  route(adminSchedules.scheduledToday, ({ query }, { viewer }) => scheduledOn(deps, viewer, query));
  reads(managerSchedules);
  reads(clientSchedules);
  writes(clientSchedules);
}
