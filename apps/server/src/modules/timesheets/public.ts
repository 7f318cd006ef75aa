// The timesheets module's public API: what other modules may use. Nothing else of this folder is theirs.

// The requests module: approved overtime on an attendance's timesheet.
export { addOvertimeMinutes, timesheetIdOf } from './timesheets.overtime';
