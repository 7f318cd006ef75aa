import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';
import { organizations } from '../organizations/organizations.table';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    /** Key of the avatar in object storage (`avatars/…`), never a URL. */
    avatarKey: text('avatar_key'),
    phone: text('phone'),
    position: text('position'),
    /** active | inactive | onhold; only active users sign in. */
    status: text('status', { enum: ['active', 'inactive', 'onhold'] })
      .notNull()
      .default('active'),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    companyName: text('company_name'),
    contactPerson: text('contact_person'),
    locale: text('locale'),
    /** How the user reads times: `12h`, `24h`, or null for their language's habit. */
    timeFormat: text('time_format', { enum: ['12h', '24h'] }),
    receivePromotions: boolean('receive_promotions').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ldapDn: text('ldap_dn'),
    mailAccount: text('mail_account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // One directory entry, one user (DNs compare without case).
    uniqueIndex('users_ldap_dn_unique').on(sql`lower(${t.ldapDn})`),
    index('users_org_status_idx').on(t.organizationId, t.status),
    index('users_roles_gin').using('gin', t.roles),
    // The lists' default order, so a page is read from the index instead of sorting everyone.
    index('users_org_name_idx').on(
      t.organizationId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    // Search as you type: trigrams make `ILIKE '%term%'` an index lookup at any size.
    index('users_search_trgm').using('gin', sql`(${userSearchText(t)}) gin_trgm_ops`),
  ],
);

/**
 * What a people search matches: name, email and company in one text. The search query must use this same
 * expression for the trigram index to serve it.
 */
export function userSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  companyName: AnyPgColumn;
}) {
  return sql`${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.companyName}, '')`;
}

export type UserRow = typeof users.$inferSelect;
