import { NOTIFICATION_TYPES } from '@vahub/shared/notifications/schemas';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/**
 * One notification to one user (DOMAIN.md "Notifications and audit"). `va_id` names the VA it is about, so the
 * admin's log about VAs reads it by an index. `source_event_id` is the domain event it came from: a consumer
 * handling an event twice inserts nothing the second time.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    vaId: integer('va_id').references(() => users.id, { onDelete: 'set null' }),
    sourceEventId: integer('source_event_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    index('notifications_org_va_idx').on(t.organizationId, t.vaId, t.id),
    index('notifications_org_idx').on(t.organizationId, t.id),
    uniqueIndex('notifications_event_user_key').on(t.sourceEventId, t.userId),
  ],
);

/** A user's choices: which events also reach them by mail (a missing key is on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mail: jsonb('mail').$type<Record<string, boolean>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});
