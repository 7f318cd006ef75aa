import {
  CLIENT_STATUSES,
  EXPORT_FORMATS,
  EXPORT_JOB_STATUSES,
  SIGN_OFF_DECISIONS,
  TIMESHEET_LOCK_KINDS,
  TIMESHEET_STATUSES,
} from '@vahub/shared/timesheets/schemas';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { attendances } from '../attendance/attendance.table';
import { contracts } from '../contracts/contracts.table';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/**
 * One timesheet per attendance once it started: created by the database (trigger `timesheets_on_start`, see
 * migration 0008) in the transaction that starts the attendance, whichever code path starts it, so none is ever
 * missing. The tracked figures are not copied: while the timesheet is open they are read from its attendance
 * (always in step with pings and the end); approval writes them to the `frozen_*` columns, which then win;
 * reopening clears them. `counted` is the worked minutes the contract lets count (capped at the schedule
 * unless overtime is allowed); billable = counted + overtime + adjustment, at least 0.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    /** The attendance's local date and the Monday of its week (the client signs weeks off). */
    date: date('date', { mode: 'string' }).notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status', { enum: TIMESHEET_STATUSES }).notNull().default('pending'),
    adjustmentMinutes: integer('adjustment_minutes').notNull().default(0),
    /** Approved overtime (the requests issue adds it). */
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    note: text('note'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    frozenScheduledMinutes: integer('frozen_scheduled_minutes'),
    frozenWorkedMinutes: integer('frozen_worked_minutes'),
    frozenActiveMinutes: integer('frozen_active_minutes'),
    frozenIdleMinutes: integer('frozen_idle_minutes'),
    frozenCountedMinutes: integer('frozen_counted_minutes'),
    clientStatus: text('client_status', { enum: CLIENT_STATUSES }).notNull().default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    uniqueIndex('timesheets_attendance_key').on(t.attendanceId),
    index('timesheets_org_date_idx').on(t.organizationId, t.date, t.id),
    index('timesheets_va_date_idx').on(t.vaId, t.date),
    index('timesheets_client_date_idx').on(t.clientId, t.date),
    index('timesheets_week_idx').on(t.clientId, t.vaId, t.weekStart),
    // The auto-approval sweep: open timesheets.
    index('timesheets_pending_idx').on(t.organizationId).where(sql`status = 'pending'`),
  ],
);

/**
 * A client's decision on one VA's week (`week_start`: a Monday), and the VA's answer to a dispute. The row also
 * exists without a decision once a reminder went out (`reminded_at`), so a week is reminded once.
 */
export const timesheetSignOffs = pgTable(
  'timesheet_sign_offs',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    decision: text('decision', { enum: SIGN_OFF_DECISIONS }),
    comment: text('comment'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    vaReply: text('va_reply'),
    vaRepliedAt: timestamp('va_replied_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    uniqueIndex('timesheet_sign_offs_week_key').on(t.clientId, t.vaId, t.weekStart),
    index('timesheet_sign_offs_org_week_idx').on(t.organizationId, t.weekStart),
  ],
);

/**
 * A background export: the requester's filters and scope, progress, and the file in object storage when done.
 * The file is removed after `TIMESHEETS.exportKeepHours`.
 */
export const timesheetExports = pgTable(
  'timesheet_exports',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The role the export was asked under (its scope is that role's). */
    role: text('role').notNull(),
    format: text('format', { enum: EXPORT_FORMATS }).notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: EXPORT_JOB_STATUSES }).notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('timesheet_exports_requester_idx').on(t.requestedBy, t.createdAt)],
);

/**
 * The time an invoice or a payroll run took (issue 30): while a row is here the timesheet's figures do not change
 * (reopen, adjust, decide, overtime, the client's sign-off answer 409 naming `label`). Owned by this module; the
 * money module locks and releases through `timesheets/public.ts` inside its own transactions. `owner_id` is the
 * invoice's or the run's id.
 */
export const timesheetLocks = pgTable(
  'timesheet_locks',
  {
    timesheetId: integer('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: TIMESHEET_LOCK_KINDS }).notNull(),
    ownerId: integer('owner_id').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    primaryKey({ columns: [t.timesheetId, t.kind] }),
    index('timesheet_locks_owner_idx').on(t.kind, t.ownerId),
  ],
);

/**
 * The figure sums of an organization's timesheets of one day whose shift is over (not ongoing): what a list's
 * `meta.totals` adds up for the days of its period instead of reading every row (issue 25). The database bumps
 * `version` in the transaction of any change that can move them (a timesheet written or deleted, its shift's
 * figures, status, schedule or date, a contract's overtime setting: triggers of migration 0028); a read recomputes
 * a day whose `settled_version` is not `version` and stores it only if `version` did not move meanwhile. Shifts
 * still ongoing change with every ping, so the lists sum those live.
 */
export const timesheetDayTotals = pgTable(
  'timesheet_day_totals',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    version: integer('version').notNull().default(1),
    /** The `version` the sums below were computed at; null until first computed. */
    settledVersion: integer('settled_version'),
    count: integer('count').notNull().default(0),
    scheduledMinutes: integer('scheduled_minutes').notNull().default(0),
    workedMinutes: integer('worked_minutes').notNull().default(0),
    activeMinutes: integer('active_minutes').notNull().default(0),
    idleMinutes: integer('idle_minutes').notNull().default(0),
    overtimeMinutes: integer('overtime_minutes').notNull().default(0),
    adjustmentMinutes: integer('adjustment_minutes').notNull().default(0),
    billableMinutes: integer('billable_minutes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.date] })],
);
