// The timesheets module's public API: what other modules may use. Nothing else of this folder is theirs.

export { sendFile, sheet, type TableColumn, writeTable } from './exports/table-writer';
// The payroll export's files: the same writers as the timesheet exports.
export { latin1 } from './exports/timesheet-pdf';
// Data export (issue 33): the data-rights module.
export { eraseFromTimesheets, exportTimesheets } from './timesheets.data-rights';
// The demo seed: what approving a timesheet writes (its figures, frozen), for the weeks it signs off.
export { freezeSet } from './timesheets.figures';
export {
  assertUnlocked,
  type LockRequest,
  lockedError,
  lockTimesheets,
  releaseLocks,
} from './timesheets.locks';
// The money module (issue 30): approved time with its figures, and the locks invoices and payroll runs hold.
export {
  type ApprovedTimeFilter,
  approvedTimesheets,
  type BillableTimesheet,
  lockedIds,
} from './timesheets.money';
// The requests module: approved overtime on an attendance's timesheet.
export { addOvertimeMinutes, timesheetIdOf } from './timesheets.overtime';
