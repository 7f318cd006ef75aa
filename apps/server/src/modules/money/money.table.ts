import { INVOICE_STATUSES, PAYROLL_STATUSES } from '@vahub/shared/money/schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';
import { timesheets } from '../timesheets/timesheets.table';

/**
 * The organization's invoicing settings and its invoice counter (issue 30). `next_number` is the counter: the
 * issuing transaction locks this row `FOR UPDATE`, takes the number and moves it on, so numbers are gap-free and
 * never given twice however many invoices are issued at once. Percentages in hundredths (750 = 7.50%).
 */
export const invoicingSettings = pgTable('invoicing_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().default('INV-{YYYY}-'),
  nextNumber: integer('next_number').notNull().default(1),
  paymentTermsDays: integer('payment_terms_days').notNull().default(14),
  taxRateHundredths: integer('tax_rate_hundredths').notNull().default(0),
  footer: text('footer'),
  /** Managers create and issue their clients' invoices (`manager-access/invoices`); off: 403. */
  managersHandleInvoices: boolean('managers_handle_invoices').notNull().default(false),
  /** Managers read the pay rate of the contracts in their scope; off: never. */
  managersSeePay: boolean('managers_see_pay').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});

/** A client invoice: a draft without number, then issued (numbered, its time locked), paid, or void. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    /** Given at issue; a draft has none. */
    number: text('number'),
    /** The counter's value behind `number`. */
    sequence: integer('sequence'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    taxRateHundredths: integer('tax_rate_hundredths').notNull().default(0),
    discountHundredths: integer('discount_hundredths').notNull().default(0),
    notes: text('notes'),
    /** The footer of the settings when it was issued (the PDF's payment note). */
    footer: text('footer'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    /** What the draft left out and why (shown by the editor). */
    leftOut: text('left_out').notNull().default('[]'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    index('invoices_client_idx').on(t.clientId, t.status),
    uniqueIndex('invoices_number_key').on(t.organizationId, t.number).where(sql`number is not null`),
  ],
);

/** One line: a VA's time on one contract at one rate. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    contractId: integer('contract_id').notNull(),
    description: text('description').notNull(),
    minutes: integer('minutes').notNull(),
    rateCents: integer('rate_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/** Which timesheets a line bills (a draft's; issuing locks them in the timesheets module). */
export const invoiceTimesheets = pgTable(
  'invoice_timesheets',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => invoiceLines.id, { onDelete: 'cascade' }),
    timesheetId: integer('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.timesheetId] }),
    index('invoice_timesheets_timesheet_idx').on(t.timesheetId),
  ],
);

/** A payroll run: one period; its lines per VA and currency; approving locks its time. */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    label: text('label').notNull(),
    status: text('status', { enum: PAYROLL_STATUSES }).notNull().default('draft'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Voided (a draft or an approved run): its timesheets released, its lines kept as the record. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('payroll_runs_org_idx').on(t.organizationId, t.createdAt)],
);

/** What a run pays one VA in one currency. */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    workedMinutes: integer('worked_minutes').notNull(),
    billableMinutes: integer('billable_minutes').notNull(),
    overtimeMinutes: integer('overtime_minutes').notNull(),
    unpricedMinutes: integer('unpriced_minutes').notNull(),
    amountCents: integer('amount_cents').notNull(),
    timesheetCount: integer('timesheet_count').notNull(),
  },
  (t) => [index('payroll_lines_run_idx').on(t.runId), index('payroll_lines_va_idx').on(t.vaId)],
);

/** The timesheets a run pays. A timesheet is on one run. */
export const payrollTimesheets = pgTable(
  'payroll_timesheets',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    timesheetId: integer('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.timesheetId] }),
    uniqueIndex('payroll_timesheets_timesheet_key').on(t.timesheetId),
  ],
);
