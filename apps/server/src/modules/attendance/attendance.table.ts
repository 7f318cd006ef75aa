import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { contracts, schedules } from '../contracts/contracts.table';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

export const ATTENDANCE_STATUS_VALUES = ['upcoming', 'ongoing', 'completed', 'absent', 'on_leave'] as const;
export const END_REASON_VALUES = ['clock_out', 'forced_logout', 'auto_close'] as const;
export const SOURCE_VALUES = ['web', 'desktop'] as const;

export type ActiveWindow = { app: string; title: string };

/**
 * One scheduled shift of one contract on one local date (the contract's zone; an overnight shift belongs to
 * the date it starts). A contract has at most one shift starting at an instant: rebuilding is idempotent.
 * The tracked figures are running sums kept as pings arrive; presence (`online`, `idle`) is the last state
 * announced, so a change is pushed once.
 */
export const attendances = pgTable(
  'attendances',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    timezone: text('timezone').notNull(),
    scheduledStartAt: timestamp('scheduled_start_at', { withTimezone: true }).notNull(),
    scheduledEndAt: timestamp('scheduled_end_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The latest break of a shift the VA clocked back in to (clock-out, then clock-in while the shift lasts):
     * from the clock-out to the clock-in again. Pings inside it are refused and no ping's span counts it.
     */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    /** All breaks of the shift, in seconds: the wall time from the first clock-in that was not worked. */
    breakSeconds: integer('break_seconds').notNull().default(0),
    status: text('status', { enum: ATTENDANCE_STATUS_VALUES }).notNull().default('upcoming'),
    endReason: text('end_reason', { enum: END_REASON_VALUES }),
    lastPingAt: timestamp('last_ping_at', { withTimezone: true }),
    /** Seconds since the last input, as the latest ping (by `at`) reported it. */
    lastIdleSeconds: integer('last_idle_seconds'),
    lastActiveWindow: jsonb('last_active_window').$type<ActiveWindow | null>(),
    source: text('source', { enum: SOURCE_VALUES }),
    online: boolean('online').notNull().default(false),
    idle: boolean('idle').notNull().default(false),
    workedSeconds: integer('worked_seconds').notNull().default(0),
    activeSeconds: integer('active_seconds').notNull().default(0),
    idleSeconds: integer('idle_seconds').notNull().default(0),
    lateMinutes: integer('late_minutes').notNull().default(0),
    /** When the "not clocked in after the grace" alert (event `attendance.late`) went out, once per shift. */
    lateAlertedAt: timestamp('late_alerted_at', { withTimezone: true }),
    /**
     * Set by fix-date: the local date the schedule first put this shift on. A rebuild keeps a moved shift and
     * does not build its schedule's shift on the original date again.
     */
    dateFixedFrom: date('date_fixed_from', { mode: 'string' }),
    /**
     * When the seconds per task of this finished shift were counted into `attendance_item_seconds`; null: not
     * counted, or counted before its pings, start or end changed (triggers clear it, migration 0011).
     */
    itemsCountedAt: timestamp('items_counted_at', { withTimezone: true }),
    /**
     * What the ongoing shift works on, as the VA's trackers last set it (`PUT attendance/current-task`): a task
     * or a general task, or neither. Ids as the pings hold them (no foreign key: a deleted task is only a
     * name no longer found).
     */
    currentTaskId: integer('current_task_id'),
    currentGeneralTaskId: integer('current_general_task_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    uniqueIndex('attendances_contract_start_key').on(t.contractId, t.scheduledStartAt),
    // The lists' order (date, start, id; newest first): a page is the index's first rows, no sort of a day's rows.
    index('attendances_org_date_start_idx').on(t.organizationId, t.date, t.scheduledStartAt, t.id),
    index('attendances_va_date_idx').on(t.vaId, t.date),
    index('attendances_client_date_idx').on(t.clientId, t.date),
    index('attendances_contract_date_idx').on(t.contractId, t.date),
    // The jobs' sweeps: shifts still open (upcoming or ongoing) by their end.
    index('attendances_open_end_idx').on(t.scheduledEndAt).where(sql`status in ('upcoming', 'ongoing')`),
    // The late alert's sweep: shifts nobody clocked in to and not yet alerted, by their start.
    index('attendances_late_watch_idx')
      .on(t.scheduledStartAt)
      .where(sql`status = 'upcoming' and late_alerted_at is null`),
    // Presence: who is on shift now.
    index('attendances_ongoing_idx').on(t.organizationId, t.vaId).where(sql`status = 'ongoing'`),
    // Finished shifts whose time per task is still to be counted (the count job's queue).
    index('attendances_items_uncounted_idx')
      .on(t.endedAt)
      .where(sql`ended_at is not null and items_counted_at is null`),
  ],
);

/**
 * How many attendances an organization has per status and local date, kept by the database (triggers on
 * `attendances`, migration 0015) in the transaction that inserts, deletes or moves a shift, whichever code path
 * does it. The lists' exact `total` for an admin reads it (a few rows per day) instead of counting every shift of
 * the organization's history; a filter on people counts the rows themselves.
 */
export const attendanceCounts = pgTable(
  'attendance_counts',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ATTENDANCE_STATUS_VALUES }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.status, t.date] })],
);

/** A tracker's ping; `client_id` (the tracker's UUID) makes a retried ping count once. */
export const attendancePings = pgTable(
  'attendance_pings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    vaId: integer('va_id').notNull(),
    clientId: uuid('client_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    keyboard: integer('keyboard').notNull().default(0),
    mouse: integer('mouse').notNull().default(0),
    idleSeconds: integer('idle_seconds').notNull().default(0),
    activeWindow: jsonb('active_window').$type<ActiveWindow | null>(),
    taskId: integer('task_id'),
    generalTaskId: integer('general_task_id'),
    source: text('source', { enum: SOURCE_VALUES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    uniqueIndex('attendance_pings_client_key').on(t.attendanceId, t.clientId),
    index('attendance_pings_attendance_at_idx').on(t.attendanceId, t.at),
    index('attendance_pings_va_at_idx').on(t.vaId, t.at),
    // Tracked time per task and general task (issue 15) reads the pings that named one.
    index('attendance_pings_task_idx').on(t.taskId, t.attendanceId).where(sql`task_id is not null`),
    index('attendance_pings_general_task_idx')
      .on(t.generalTaskId, t.attendanceId)
      .where(sql`general_task_id is not null`),
  ],
);

/** Activity rolled up per 10 minutes (aligned to UTC): kept after raw pings are pruned. */
export const attendanceBlocks = pgTable(
  'attendance_blocks',
  {
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    organizationId: integer('organization_id').notNull(),
    vaId: integer('va_id').notNull(),
    trackedSeconds: integer('tracked_seconds').notNull().default(0),
    activeSeconds: integer('active_seconds').notNull().default(0),
    idleSeconds: integer('idle_seconds').notNull().default(0),
    keyboard: integer('keyboard').notNull().default(0),
    mouse: integer('mouse').notNull().default(0),
    pings: integer('pings').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.attendanceId, t.startAt] }),
    index('attendance_blocks_va_start_idx').on(t.vaId, t.startAt),
  ],
);

/** Append-only: what happened to an attendance, by whom, when. */
export const attendanceLogs = pgTable(
  'attendance_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id').notNull(),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    vaId: integer('va_id').notNull(),
    clientId: integer('client_id').notNull(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('attendance_logs_attendance_idx').on(t.attendanceId, t.at),
    index('attendance_logs_org_at_idx').on(t.organizationId, t.at),
    index('attendance_logs_va_at_idx').on(t.vaId, t.at),
  ],
);

/**
 * The seconds a finished shift spent on each task and general task, counted once from its pings with the time
 * model (`pingSecondsSql`), so reads of tracked time per task sum these rows instead of walking every ping again.
 * Valid while `attendances.items_counted_at` is set: triggers (migration 0011) delete a shift's rows and clear it
 * when a ping of the shift is written, changed or removed, or its start or end moves.
 */
export const attendanceItemSeconds = pgTable(
  'attendance_item_seconds',
  {
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    taskId: integer('task_id'),
    generalTaskId: integer('general_task_id'),
    seconds: integer('seconds').notNull(),
  },
  (t) => [
    index('attendance_item_seconds_attendance_idx').on(t.attendanceId),
    index('attendance_item_seconds_task_idx').on(t.taskId, t.attendanceId).where(sql`task_id is not null`),
    index('attendance_item_seconds_general_task_idx')
      .on(t.generalTaskId, t.attendanceId)
      .where(sql`general_task_id is not null`),
  ],
);

/**
 * A VA's own choice about their trackers' notices (issue 32): `muted` turns the notices of scheduled screenshots
 * off on every computer of the VA, but only on shifts whose contract allows it
 * (`va_may_mute_screenshot_notice`). No row: not muted.
 */
export const screenshotNoticePreferences = pgTable('screenshot_notice_preferences', {
  vaId: integer('va_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  muted: boolean('muted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});
