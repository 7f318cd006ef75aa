import { TRACKER_SOURCES } from '@vahub/shared/attendance/schemas';
import { SCREENSHOT_SOURCES, SCREENSHOT_STATUSES } from '@vahub/shared/screenshots/schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
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

export const SCREENSHOT_REQUEST_STATUSES = ['pending', 'fulfilled', 'failed'] as const;

/**
 * One capture of one screen, taken during one attendance. The image and its thumbnail live in object storage
 * (`image_key`, `thumbnail_key`; for a blurred contract the image is the blurred rendition, the original is
 * never stored). Retention turns a row `expired` and clears its keys; the row (counts, activity) stays.
 * `client_uuid` is the tracker's id of the capture: a retried upload counts once.
 */
export const screenshots = pgTable(
  'screenshots',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    clientUuid: uuid('client_uuid').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    source: text('source', { enum: SCREENSHOT_SOURCES }).notNull(),
    tracker: text('tracker', { enum: TRACKER_SOURCES }).notNull(),
    requestId: uuid('request_id'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: SCREENSHOT_STATUSES }).notNull().default('stored'),
    screen: smallint('screen').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    blurred: boolean('blurred').notNull().default(false),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    uniqueIndex('screenshots_va_client_uuid_key').on(t.vaId, t.clientUuid),
    index('screenshots_org_taken_idx').on(t.organizationId, t.takenAt.desc()),
    index('screenshots_va_taken_idx').on(t.vaId, t.takenAt.desc()),
    index('screenshots_attendance_taken_idx').on(t.attendanceId, t.takenAt),
    index('screenshots_client_taken_idx').on(t.clientId, t.takenAt.desc()),
    // Retention: the images still stored, oldest first, per organization.
    index('screenshots_stored_taken_idx').on(t.organizationId, t.takenAt).where(sql`status = 'stored'`),
  ],
);

/**
 * An on-demand request (`POST screenshots/take`): pending until the VA's tracker uploads a capture naming it
 * (fulfilled), declines, or lets `expires_at` pass (failed, with a reason the requester is told).
 */
export const screenshotRequests = pgTable(
  'screenshot_requests',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    vaId: integer('va_id')
      .notNull()
      .references(() => users.id),
    attendanceId: integer('attendance_id')
      .notNull()
      .references(() => attendances.id),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: SCREENSHOT_REQUEST_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    screenshotId: integer('screenshot_id').references(() => screenshots.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The timeout sweep: pending requests by their deadline.
    index('screenshot_requests_pending_idx').on(t.expiresAt).where(sql`status = 'pending'`),
    index('screenshot_requests_va_idx').on(t.vaId, t.createdAt),
  ],
);
