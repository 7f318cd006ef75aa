import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { users } from './users.table';

/** Which managers supervise which client (`POST admin-access/client/{id}/managers`). */
export const clientManagers = pgTable(
  'client_managers',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    managerId: integer('manager_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.managerId] }),
    index('client_managers_manager_idx').on(t.managerId),
  ],
);
