import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/**
 * An organization's webhook endpoint (issue 31). The signing secret is kept encrypted (AES-256-GCM under a key
 * derived from the server secret), because every delivery signs with it; it is answered once, at creation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    format: text('format', { enum: ['standard', 'slack'] })
      .notNull()
      .default('standard'),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** `failing`: switched off by the server after three days of failures; `manual`: by an admin. */
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success; null while it delivers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Who created it: told when the server switches it off. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);

/**
 * One delivery of one event to one endpoint: its attempt sequence (the job's retries) updates the row. A
 * redelivery is a new row with the same event id and body.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The envelope's id (`VAHub-Event-Id`). */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** The exact envelope sent, so a retry or a redelivery sends the same event. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'retrying', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempt: integer('attempt').notNull().default(0),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_organization_idx').on(t.organizationId),
  ],
);
