import { defineMessages } from '../api/messages';

/** What the requests API and screens say (see `api/messages.ts`). */
export const REQUEST_MESSAGES = defineMessages('requests', {
  not_found: 'Request not found',
  choose_type:
    'Choose one of: vacation_leave, emergency_leave, unpaid_leave, absent, sick_leave, overtime, mus',
  choose_status: 'Choose one of: pending, approved, rejected, cancelled',
  choose_contract: 'Choose the contract this request is for',
  choose_paid_by: 'Choose who pays: client, agency or unpaid',
  unpaid_is_unpaid: 'Unpaid leave is paid by nobody: choose unpaid',
  start_date_required: 'Choose the first day',
  request_date: 'Give the date as YYYY-MM-DD or an ISO-8601 instant',
  end_before_start: 'The last day comes on or after the first day',
  range_too_long: 'A request covers at most {{max}} days',
  details_required: 'Say why: this request needs a reason',
  details_too_long: 'The details may be at most {{max}} characters',
  client_mismatch: 'This contract is not with that client',
  // Dates against the contract and other requests.
  contract_not_yours: 'This contract is not one of yours',
  contract_not_active: 'This contract is not active',
  outside_contract: 'These dates are outside the contract ({{start}} to {{end}})',
  no_working_days: 'You have no scheduled shift on these days',
  overlaps: 'This overlaps your {{type}} request of {{start}} to {{end}} ({{status}})',
  balance_exceeded: 'You have {{left}} {{pool}} days left in {{year}}: this request needs {{days}}',
  // Overtime.
  choose_attendance: 'Choose the shift the overtime belongs to',
  attendance_not_yours: 'This shift is not one of yours under this contract',
  attendance_not_worked: 'Overtime is asked for a shift you are working or have worked',
  minutes_range: 'Overtime is a whole number of minutes from 1 to {{max}}',
  overtime_not_allowed: 'This contract does not allow overtime',
  overtime_counted: 'This contract already counts time beyond the schedule: no request is needed',
  // Make-up shift.
  mus_required: 'Give the make-up shift: its date, start and end',
  mus_time: 'A time of day is a whole number of minutes from 0 to 1439',
  mus_length: 'A make-up shift lasts from 1 minute to 24 hours',
  mus_past: 'A make-up shift starts in the future',
  mus_clash: 'The make-up shift clashes with your shift of {{date}} ({{start}} to {{end}})',
  // Attachments.
  file_required: 'Attach a document: this request needs one (PDF or image)',
  file_type: 'Attach a PDF or an image (PNG, JPEG or WebP)',
  file_too_large: 'An attachment may be at most {{max}} MB',
  file_unreadable: 'This image could not be read: attach it again, or as a PDF',
  file_too_many_pixels: 'This image is too large: at most {{max}} megapixels',
  // Decisions.
  choose_decision: 'Choose approved or rejected',
  note_required: 'Add a note: say why',
  note_too_long: 'The note may be at most {{max}} characters',
  already_decided: 'This request was already {{status}}',
  same_decision: 'This request is already {{status}}',
  not_pending: 'Only a pending request can be cancelled; this one is {{status}}',
  not_cancellable: 'A cancelled request cannot be decided',
});
