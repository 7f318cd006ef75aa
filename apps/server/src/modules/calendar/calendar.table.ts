import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/**
 * A person's calendar feed of one kind (issue 31). The link's secret is derived from the server's secret and
 * `nonce` (HMAC), so the profile can show the same link again while the database holds only its SHA-256 hash
 * (the lookup) and a nonce useless without the server's secret. "Reset link" draws a new nonce: the old link
 * then finds no row (404).
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['shifts', 'leave', 'va_shifts'] }).notNull(),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [uniqueIndex('calendar_feeds_user_kind_key').on(t.userId, t.kind)],
);
