import { defineModule } from '../../lib/module';
import { registerExports } from './exports/exports.routes';
import { registerReports } from './reports/reports.routes';
import { registerTimesheets } from './timesheets.routes';

/**
 * Timesheets, client sign-off, exports and reports (DOMAIN.md "Timesheets"; issue 13). A timesheet per started
 * attendance (the database creates it, see `timesheets.table.ts`), adjusted and decided by the agency, signed
 * off by the client per week; exports streamed or run as jobs; the spec's reports.
 */
export const timesheetsModule = defineModule({
  name: 'timesheets',
  register(ctx) {
    registerTimesheets(ctx);
    registerExports(ctx);
    registerReports(ctx);
  },
});
