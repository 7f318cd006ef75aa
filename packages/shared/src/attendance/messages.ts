import { defineMessages } from '../api/messages';

/** What the attendance and tracker API and forms say (see `api/messages.ts`). */
export const ATTENDANCE_MESSAGES = defineMessages('attendance', {
  choose_attendance: 'Choose an attendance',
  choose_muted: 'Say whether screenshot notices are off (true or false)',
  mute_not_allowed:
    'None of your contracts lets you turn screenshot notices off; ask your agency to allow it on the contract.',
  choose_task_kind: 'Choose a task or a general task',
  choose_task: 'Choose the task to work on',
  choose_status: 'Choose one of: upcoming, ongoing, completed, absent, on_leave',
  range_too_long: 'Choose a period of at most {{max}} days',
  weeks_range: 'Choose between 1 and {{max}} weeks',
  no_shift: 'You have no shift to clock in to',
  clock_in_opens: 'Clock-in opens at {{at}}',
  clock_in_closed: 'This shift has ended; clock-in is closed',
  not_ongoing: 'This attendance is not ongoing',
  already_ended: 'This attendance has already ended',
  not_started: 'This shift has not started',
  ping_future: 'This ping lies in the future',
  ping_outside: 'This ping lies outside the shift',
  ping_id: 'Each ping needs a UUID id',
  ping_at: 'Each ping needs its time as an ISO-8601 instant',
  pings_required: 'Send at least one ping',
  pings_too_many: 'At most {{max}} pings a call',
  ping_counts: 'Counts are whole numbers, zero or more',
  source: 'Choose one of: web, desktop',
  contract_not_active: 'Only an active contract has upcoming shifts',
  fix_date_status: 'Only an upcoming shift can move to another date',
  fix_date_taken: 'This contract already has a shift from the same schedule on that date',
  month: 'Enter a month as YYYY-MM',
  // The engine (fix-date, contract deletion).
  fix_date_past: 'That date is over: the shift would already have ended',
  fix_date_overlap: "On that date the shift would overlap another of this VA's shifts",
  fix_date_outside: "That date lies outside the contract's dates",
  contract_has_history:
    'This contract has attendance history, so it cannot be deleted; keep it ended instead',
  // The tracker protocol (clock-in, pings).
  clocked_in_elsewhere: 'You are already clocked in to another shift; clock out of it first',
});
