import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';
import { users } from '../people/users.table';

/** A sign-in: the family every refresh token of that sign-in belongs to. Revoking it ends the session. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** A tracker's computer, as it says of itself at sign-in (issue 32): host name, system, agent version. */
    deviceName: text('device_name'),
    deviceSystem: text('device_system'),
    agentVersion: text('agent_version'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * A device authorization request (RFC 8628, issue 32): the tracker polls with its device code (kept as a hash),
 * the VA approves its user code on the web. Bound to a user and organization only when approved; spent once.
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: serial('id').primaryKey(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCode: text('user_code').notNull().unique(),
    clientId: text('client_id').notNull(),
    deviceName: text('device_name'),
    deviceSystem: text('device_system'),
    agentVersion: text('agent_version'),
    /** `pending` → `approved` | `denied`; `approved` → `used` when the tracker takes its tokens. */
    status: text('status').notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Seconds the tracker must wait between polls (grows by 5 at each `slow_down`). */
    pollInterval: integer('poll_interval').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('device_authorizations_expires_idx').on(t.expiresAt)],
);

/** Opaque rotating refresh tokens, stored as SHA-256 hashes. A used one presented again revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Personal API tokens (issue 31): `vah_` and 32 random bytes, kept as their SHA-256 hash (the token is high
 * entropy, so a fast hash is enough: nothing to guess). `prefix` keeps the first characters for display.
 * Revoked rows stay (the list shows them as revoked); an owner deleted takes their tokens along.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token, not on every call. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId), index('api_tokens_org_idx').on(t.organizationId)],
);
