import { SCREENSHOT_NOTICES } from '@vahub/shared/contracts/settings';
import { SCREENSHOT_PRIVACY } from '@vahub/shared/screenshots/privacy';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

export const CONTRACT_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;

/** One VA working for one client. Schedules are wall-clock minutes in `timezone`. */
export const contracts = pgTable(
  'contracts',
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
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('draft'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    timezone: text('timezone').notNull(),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }),
    currency: text('currency').notNull().default('USD'),
    /** What the VA is paid per hour (issue 30), in `pay_currency` (null: the contract's currency). Never shown to a client. */
    payRate: numeric('pay_rate', { precision: 10, scale: 2 }),
    payCurrency: text('pay_currency'),
    /** Approved overtime is paid at the pay rate times this. */
    payOvertimeMultiplier: numeric('pay_overtime_multiplier', { precision: 4, scale: 2 })
      .notNull()
      .default('1.50'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('contracts_org_status_idx').on(t.organizationId, t.status),
    index('contracts_va_idx').on(t.vaId, t.status),
    index('contracts_client_idx').on(t.clientId, t.status),
  ],
);

/**
 * One row per contract, created with the organization's defaults. `screenshot_privacy` is the tier the
 * spec's `screenshots_enabled` and `blur_screenshots` follow (the settings code keeps them in step).
 */
export const contractSettings = pgTable(
  'contract_settings',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .unique()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    screenshotsEnabled: boolean('screenshots_enabled').notNull().default(true),
    screenshotsPerHour: smallint('screenshots_per_hour').notNull().default(6),
    blurScreenshots: boolean('blur_screenshots').notNull().default(false),
    screenshotPrivacy: text('screenshot_privacy', { enum: SCREENSHOT_PRIVACY }).notNull().default('full'),
    screenshotsOnDemand: boolean('screenshots_on_demand').notNull().default(true),
    /** How the desktop agent tells the VA of scheduled screenshots (issue 32). */
    screenshotNotice: text('screenshot_notice', { enum: SCREENSHOT_NOTICES }).notNull().default('each'),
    vaMayMuteScreenshotNotice: boolean('va_may_mute_screenshot_notice').notNull().default(false),
    idleTimeoutMinutes: smallint('idle_timeout_minutes').notNull().default(5),
    lateGraceMinutes: smallint('late_grace_minutes').notNull().default(5),
    earlyClockInMinutes: smallint('early_clock_in_minutes').notNull().default(15),
    overtimeAllowed: boolean('overtime_allowed').notNull().default(false),
    /** The most overtime one request may ask for one shift (minutes). */
    maxOvertimeMinutes: smallint('max_overtime_minutes').notNull().default(120),
    timesheetApprovalRequired: boolean('timesheet_approval_required').notNull().default(true),
    vacationDaysPerYear: smallint('vacation_days_per_year').notNull().default(10),
    sickDaysPerYear: smallint('sick_days_per_year').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    check(
      'contract_settings_screenshot_privacy_check',
      sql`${t.screenshotPrivacy} in ('off', 'activity_only', 'blurred', 'full')`,
    ),
    check('contract_settings_screenshot_notice_check', sql`${t.screenshotNotice} in ('each', 'hourly')`),
  ],
);

/** A weekly block: weekday 1 = Monday … 7 = Sunday; end <= start means it ends the next day. */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    effectiveTo: date('effective_to', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('schedules_contract_idx').on(t.contractId, t.weekday),
    index('schedules_org_idx').on(t.organizationId),
  ],
);
