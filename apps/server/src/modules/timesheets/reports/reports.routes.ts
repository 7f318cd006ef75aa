import { adminReports, clientReports, managerReports } from '@vahub/shared/timesheets/endpoints';
import type { ModuleContext } from '../../../lib/module';
import { attendanceReport } from './reports.attendance';
import { dailyReport } from './reports.daily';
import { exportReport } from './reports.export';
import { reportScope } from './reports.scope';
import { summaryReport } from './reports.summary';
import { teamSummaryReport } from './reports.team';

/**
 * The spec's reports: the admin's four, the manager's daily and summary (their VAs), the client's daily (their
 * own contracts' shifts). The viewer's scope is what tells the roles' reads apart; each has its export.
 */
export function registerReports({ route, deps }: ModuleContext) {
  const { db } = deps;
  for (const api of [adminReports, managerReports, clientReports]) {
    route(api.daily.read, async ({ query }, { viewer }) =>
      dailyReport(db, await reportScope(deps, viewer, query), query),
    );
    route(api.daily.export, ({ query }, { viewer, reply }) =>
      exportReport(deps, viewer, 'daily', query, reply),
    );
  }
  for (const api of [adminReports, managerReports]) {
    route(api.summary.read, async ({ query }, { viewer }) =>
      summaryReport(db, viewer, await reportScope(deps, viewer, query), query),
    );
    route(api.summary.export, ({ query }, { viewer, reply }) =>
      exportReport(deps, viewer, 'summary', query, reply),
    );
  }
  route(adminReports.attendance.read, async ({ query }, { viewer }) =>
    attendanceReport(db, await reportScope(deps, viewer, query), query),
  );
  route(adminReports.attendance.export, ({ query }, { viewer, reply }) =>
    exportReport(deps, viewer, 'attendance', query, reply),
  );
  route(adminReports.teamSummary.read, async ({ query }, { viewer }) =>
    teamSummaryReport(db, viewer.organizationId, await reportScope(deps, viewer, query), query),
  );
  route(adminReports.teamSummary.export, ({ query }, { viewer, reply }) =>
    exportReport(deps, viewer, 'team-summary', query, reply),
  );
}
