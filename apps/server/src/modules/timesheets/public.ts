// The timesheets module's public API: what other modules may use. Nothing else of this folder is theirs.

// The demo seed: what approving a timesheet writes (its figures, frozen), for the weeks it signs off.
export { freezeSet } from './timesheets.figures';
// The requests module: approved overtime on an attendance's timesheet.
export { addOvertimeMinutes, timesheetIdOf } from './timesheets.overtime';
