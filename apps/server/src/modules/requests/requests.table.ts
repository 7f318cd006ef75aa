import { PAID_BY, REQUEST_STATUSES, REQUEST_TYPES } from '@vahub/shared/requests/schemas';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { attendances } from '../attendance/attendance.table';
import { contracts } from '../contracts/contracts.table';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/**
 * A VA's request (DOMAIN.md "Requests"). Leave types cover `target_start_date`..`target_end_date` (local dates
 * of the contract's zone); `days` and `days_by_year` are the scheduled working days counted when asked (the
 * balance of a year subtracts approved ones). Overtime names its shift (`attendance_id`) and `minutes`; a
 * make-up shift its local `mus` and the instants they make (`mus_start_at`, `mus_end_at`), and, once approved,
 * the attendance it created. An approved leave marks the covered shifts `on_leave`; shifts built later are
 * marked by the trigger `attendances_on_leave` (migration 0009).
 */
export const userRequests = pgTable(
  'user_requests',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    attendanceId: integer('attendance_id').references(() => attendances.id, { onDelete: 'set null' }),
    type: text('type', { enum: REQUEST_TYPES }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    details: text('details'),
    paidBy: text('paid_by', { enum: PAID_BY }),
    targetStartDate: date('target_start_date', { mode: 'string' }).notNull(),
    targetEndDate: date('target_end_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes'),
    mus: jsonb('mus').$type<{ date: string; start: number; end: number } | null>(),
    musStartAt: timestamp('mus_start_at', { withTimezone: true }),
    musEndAt: timestamp('mus_end_at', { withTimezone: true }),
    days: integer('days'),
    daysByYear: jsonb('days_by_year').$type<Record<string, number> | null>(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileType: text('file_type'),
    fileSize: integer('file_size'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** The attendance an approved make-up shift created. */
    makeupAttendanceId: integer('makeup_attendance_id').references(() => attendances.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('user_requests_org_idx').on(t.organizationId, t.id),
    index('user_requests_pending_idx').on(t.organizationId, t.id).where(sql`status = 'pending'`),
    index('user_requests_va_idx').on(t.vaId, t.id),
    index('user_requests_contract_dates_idx').on(t.contractId, t.targetStartDate, t.targetEndDate),
  ],
);
export type UserRequestRow = typeof userRequests.$inferSelect;
