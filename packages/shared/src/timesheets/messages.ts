import { defineMessages } from '../api/messages';

/** What the timesheets, exports and reports APIs and screens say (see `api/messages.ts`). */
export const TIMESHEET_MESSAGES = defineMessages('timesheets', {
  not_found: 'Timesheet not found',
  // PATCH timesheets/{id}
  adjustment_minutes: 'An adjustment is a whole number of minutes from {{min}} to {{max}}',
  note_required: 'Say why: an adjustment needs a reason',
  note_too_long: 'The note may be at most {{max}} characters',
  choose_status: 'Choose one of: pending, approved, rejected',
  nothing_to_change: 'Change the adjustment, the note or the status',
  frozen: 'This timesheet is approved and frozen: an admin reopens it before it changes',
  reopen_admin_only: 'Only an admin may reopen an approved timesheet',
  not_started: 'This shift has not started, so it has no timesheet',
  // Issue 30: time an invoice or a payroll run took is locked.
  locked_invoice: 'This timesheet is on invoice {{label}}; void it first',
  locked_payroll:
    'This timesheet is on payroll run {{label}}, which is approved or paid: it can no longer change',
  // Filters
  choose_client_status: 'Choose one of: waiting, approved, disputed',
  choose_format: 'Choose one of: xlsx, csv, pdf',
  choose_report_format: 'Choose one of: xlsx, csv',
  pdf_needs_va: 'A PDF timesheet is for one virtual assistant: choose one',
  // Client sign-off
  choose_va: 'Choose a virtual assistant',
  choose_client: 'Choose a client',
  week_start_monday: 'A week starts on a Monday',
  choose_decision: 'Choose approve or dispute',
  comment_required: 'Say what is wrong: a dispute needs a comment',
  comment_too_long: 'The comment may be at most {{max}} characters',
  sign_off_off: 'Client sign-off is turned off in this organization',
  sign_off_no_timesheets: 'There are no timesheets of {{name}} in the week of {{week}}',
  sign_off_future: 'This week has not started yet',
  reply_no_dispute: 'There is no dispute on this week to answer',
  // Export jobs
  export_not_found: 'Export not found',
  export_expired: 'This export is no longer available: export again',
});
