import { defineMessages } from '../api/messages';

/** What the invoices, payroll and earnings APIs and screens say (see `api/messages.ts`; issue 30). */
export const MONEY_MESSAGES = defineMessages('money', {
  invoice_not_found: 'Invoice not found',
  payroll_not_found: 'Payroll run not found',
  choose_invoice_status: 'Choose one of: draft, issued, paid, void',
  choose_payroll_status: 'Choose one of: draft, approved, paid, void',
  period_too_long: 'A period is at most {{max}} days',
  nothing_to_invoice:
    'There is no approved time of this client in this period that is not on another invoice',
  nothing_to_pay: 'There is no approved time in this period that is not on another payroll run',
  mixed_currencies:
    'The contracts of this client in this period bill in several currencies ({{currencies}}): make one invoice per currency',
  choose_currency: 'Choose the currency of the invoice',
  tax_rate: 'A tax rate is a percentage from 0 to 100 with at most two decimals',
  discount: 'A discount is a percentage from 0 to 100 with at most two decimals',
  rate: 'A rate is an amount from 0 to 100000 with at most two decimals',
  notes_too_long: 'The notes may be at most {{max}} characters',
  not_draft: 'Only a draft can be edited or deleted; this invoice is {{status}}',
  bad_transition: 'An invoice that is {{from}} cannot become {{to}}',
  payroll_bad_transition: 'A payroll run that is {{from}} cannot become {{to}}',
  line_not_on_invoice: 'Line {{id}} is not on this invoice',
  timesheet_changed:
    'A timesheet of this invoice is no longer approved (or no longer signed off): delete the draft and create it again',
  payroll_empty: 'None of the time of this run is still approved: nothing to approve',
  managers_not_allowed: 'This organization does not let managers handle invoices',
  prefix: 'A prefix is at most 20 letters, digits, dashes, slashes or {YYYY}',
  next_number: 'The next number is a whole number from 1, not below a number already issued ({{min}})',
  payment_terms: 'Payment terms are a whole number of days from 0 to 365',
  footer_too_long: 'The footer may be at most {{max}} characters',
  choose_format: 'Choose one of: csv, xlsx',
  payroll_time_taken:
    'Some of this time is already on payroll run {{label}}: void that run first, or choose another period',
});
