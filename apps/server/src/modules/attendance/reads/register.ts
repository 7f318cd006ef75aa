import {
  adminAttendance as admin,
  clientAttendance as client,
  managerAttendance as manager,
  vaAttendance as va,
} from '@vahub/shared/attendance/endpoints';
import type { ModuleContext } from '../../../lib/module';
import { countersOf } from './reads.counters';
import { calendar, timeblocks } from './reads.days';
import { attendanceDetail, attendanceLogsPage, attendancePingsPage } from './reads.detail';
import { attendancesOfUser, listAttendances, passedOfVa, upcomingOfVa } from './reads.lists';
import { listOnline } from './reads.online';
import { summariesOfVas } from './reads.summary';
import { taskLog } from './reads.task-log';
import { countTaskTime } from './reads.task-time-count';

export const COUNT_TASK_TIME_QUEUE = 'attendance.count-task-time';

/** What every role reads: lists, summaries, counters, logs, pings, timeblocks, calendar. */
export function registerReads({ route, deps }: ModuleContext) {
  // Finished shifts' time per task, counted once for the reads of boards, tasks and reports (a missed run only
  // leaves those shifts to the live read from their pings).
  deps.jobs.work(
    COUNT_TASK_TIME_QUEUE,
    async () => {
      await countTaskTime(deps, deps.clock.now());
    },
    { retryLimit: 0, expireInSeconds: 600 },
  );
  deps.jobs.schedule(COUNT_TASK_TIME_QUEUE, '*/5 * * * *');

  // Admin and manager share the reads; the viewer's scope is what tells them apart.
  for (const api of [admin, manager]) {
    route(api.list, ({ query }, { viewer }) => listAttendances(deps, viewer, query));
    route(api.listUsers, ({ query }, { viewer }) => summariesOfVas(deps, viewer, query));
    route(api.listOnline, ({ query }, { viewer }) => listOnline(deps, viewer, query));
    route(api.counters, (_input, { viewer }) => countersOf(deps, viewer));
  }
  route(admin.ofUser, ({ params, query }, { viewer }) => attendancesOfUser(deps, viewer, params.id, query));
  route(admin.get, ({ params }, { viewer }) => attendanceDetail(deps, viewer, params.id));
  route(admin.pings, ({ params, query }, { viewer }) => attendancePingsPage(deps, viewer, params.id, query));
  route(admin.logs, ({ query }, { viewer }) => attendanceLogsPage(deps, viewer, query));
  route(admin.timeblocks, ({ query }, { viewer }) => timeblocks(deps, viewer, query));
  route(admin.calendar, ({ query }, { viewer }) => calendar(deps, viewer, query));

  route(client.onlineList, ({ query }, { viewer }) => listOnline(deps, viewer, query));
  route(client.attendanceList, ({ query }, { viewer }) => listAttendances(deps, viewer, query));
  route(client.stats, (_input, { viewer }) => countersOf(deps, viewer));

  route(va.upcoming, ({ query }, { viewer }) => upcomingOfVa(deps, viewer, query));
  route(va.passed, ({ query }, { viewer }) => passedOfVa(deps, viewer, query));
  route(va.list, ({ query }, { viewer }) => listAttendances(deps, viewer, query));
  route(va.taskLog, ({ query }, { viewer }) => taskLog(deps, viewer, query));
}
