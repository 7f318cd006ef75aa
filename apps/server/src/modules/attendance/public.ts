// The attendance module's public API: what other modules may use. Nothing else of this folder is theirs.

// The calendar feeds (integrations): shifts of a period for a VA, a client's VAs, or the VAs in a scope.
export { type CalendarShift, calendarShifts } from './attendance.calendar';
// Data export and erasure (issue 33): the data-rights module.
export { eraseWindowTitles, exportAttendances, exportPings } from './attendance.data-rights';
// The ai module's evidence pack: a shift within the viewer's scope, the shifts of a period, a shift's activity.
export {
  type EvidenceShift,
  evidenceShift,
  evidenceShiftsOfPeriod,
  organizationsWithShiftsOn,
  shiftActivity,
} from './attendance.evidence';
// What the screenshots module reads of attendances: the shifts (where a capture belongs, who is on shift now),
// the viewer's scope over them and over list filters, the list filters (period, people, team), presence, the
// 10-minute blocks (a capture's activity) and the log it appends to.
export { appendLog } from './attendance.logs';
// What attendance needs of the modules above it: of requests, the approved make-up shifts a rebuilt window keeps
// (requests.module.ts registers it); of projects, whether a shift may name a task, for the current task and the
// pings (projects.module.ts registers it).
export {
  type MakeupShifts,
  makeupShiftsPort,
  type ShiftOfTask,
  type TaskChoice,
  type TaskRef,
  taskChoicePort,
} from './attendance.ports';
export { idleColumn, onlineColumn } from './attendance.presence-sql';
// The requests module: shifts a leave takes and gives back, make-up shifts, a VA's shift overlapping a time.
export {
  attendanceOf,
  createMakeupShift,
  type DateRange,
  leaveShifts,
  type MakeupShift,
  markOnLeave,
  removeMakeupShift,
  returnFromLeave,
  vaShiftOverlapping,
} from './attendance.requests';
export { attendanceScope } from './attendance.scope';
// Screenshots: the VA's ongoing shift (an on-demand capture's), the ongoing shifts with presence (the live wall).
export { ongoingShiftOf, ongoingShiftsPage } from './attendance.screenshots';
// Timesheets and screenshots: the shifts' columns their queries read (a derived table, not the table), and the
// activity of the 10-minute block a capture lies in. The tables themselves are not exported.
export { blockActivityAt, shiftsView } from './attendance.shared-sql';
export { type AttendanceFilters, attendanceFilters, periodAndPeopleFilters } from './reads/reads.lists';
export { assertVisibleFilters } from './reads/reads.scope';
// Projects and tasks: tracked seconds per task and per general task, with the pings' time model.
export {
  type TrackedItems,
  type TrackedPeriod,
  trackedSecondsByItem,
} from './reads/reads.task-time';
export { countTaskTime } from './reads/reads.task-time-count';
// The demo seed: the pings' time model, to roll its pings into 10-minute blocks as ingesting them does.
export { BlockDeltas, contribution, toSec } from './tracker/time-model';
