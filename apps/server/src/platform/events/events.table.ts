import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';

/** PostgreSQL's 64-bit transaction id, as text (it passes 2^53). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Domain events, written in the same transaction as the change that raised them (a transactional outbox).
 * `tx_id` is the writing transaction: a consumer reads an event only once every transaction that could
 * still write a smaller one has finished (`tx_id < pg_snapshot_xmin(pg_current_snapshot())`), so no event
 * is skipped when transactions commit out of id order.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: xid8('tx_id').notNull().default(sql`pg_current_xact_id()`),
    organizationId: integer('organization_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('domain_events_order_idx').on(t.txId, t.id)],
);

/** Where each consumer is in the event stream: the last (tx_id, id) it handled. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  lastTxId: xid8('last_tx_id').notNull().default(sql`'0'::xid8`),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
});

/** Events a consumer gave up on after its retries (a dead letter), so one bad event cannot stop the rest. */
export const eventFailures = pgTable(
  'event_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consumer: text('consumer').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    error: text('error').notNull(),
    attempts: integer('attempts').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('event_failures_consumer_idx').on(t.consumer, t.failedAt)],
);
