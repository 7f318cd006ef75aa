import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';

/**
 * Every webhook event handled, by the provider's event id: the provider delivers an event more than once, and a
 * replay finds its id here and changes nothing (issue 27).
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('billing_events_organization_idx').on(t.organizationId)],
);
