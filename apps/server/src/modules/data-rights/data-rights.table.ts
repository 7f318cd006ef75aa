import {
  DATA_EXPORT_SCOPES,
  DATA_EXPORT_STATUSES,
  ERASE_AFTER_DAYS,
} from '@vahub/shared/data-rights/schemas';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/**
 * A data export (issue 33): who asked, whose data (the organization's, a client's, a VA's), progress in steps
 * (one per kind of rows, then the files), and the ZIP in object storage when done. Swept after a day.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: DATA_EXPORT_SCOPES }).notNull(),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('queued'),
    stepsDone: integer('steps_done').notNull().default(0),
    stepsTotal: integer('steps_total').notNull().default(0),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_requester_idx').on(t.requestedBy, t.createdAt)],
);

/**
 * Who was erased, under which alias, by whom (null: the daily job) and when. The person's row stays (their
 * timesheets and invoice lines point at it), holding the alias.
 */
export const dataErasures = pgTable('data_erasures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id),
  alias: text('alias').notNull(),
  erasedBy: integer('erased_by').references(() => users.id, { onDelete: 'set null' }),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});

/** An organization's erasure period; no row: `ERASE_AFTER_DAYS.default`. */
export const dataRightsSettings = pgTable('data_rights_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  eraseAfterDays: integer('erase_after_days').notNull().default(ERASE_AFTER_DAYS.default),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});
