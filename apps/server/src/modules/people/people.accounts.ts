import type { UserStatus } from '@vahub/shared/auth/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IdColumn } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { type UserRow, users } from './users.table';

/**
 * What the auth module needs of a user: signing in, the session's user, registration's owner, email
 * verification. Emails compare lower-cased, as the unique index does.
 */

/** The signed-in user as a request carries it: everything `GET /api/v1/me` shows. */
export type SessionUser = UserRow;

/** A user as signing in and verification see them. */
export type Account = {
  id: number;
  organizationId: number;
  email: string;
  firstName: string;
  status: UserStatus;
  emailVerifiedAt: Date | null;
};

const accountColumns = {
  id: users.id,
  organizationId: users.organizationId,
  email: users.email,
  firstName: users.firstName,
  status: users.status,
  emailVerifiedAt: users.emailVerifiedAt,
};

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** The user a request's session names (the whole row: what `GET /api/v1/me` shows), or null. */
export async function sessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function accountById(db: Db, userId: number): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account of an email with its password hash, for the password grant. */
export async function credentialsOf(
  db: Db,
  email: string,
): Promise<(Account & { passwordHash: string | null }) | null> {
  const [row] = await db
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  return row ?? null;
}

export async function emailRegistered(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return Boolean(row);
}

export async function recordSignIn(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/**
 * Marks the email verified when `email` is still the user's (a link for an address changed since fails).
 * True when it is, verified now or before.
 */
export async function markEmailVerified(db: Db, userId: number, email: string, at: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at})` })
    .where(and(eq(users.id, userId), byEmail(email)))
    .returning({ id: users.id });
  return Boolean(row);
}

/** The owner of a new organization: an active admin whose email is not verified yet. */
export async function createOwner(
  tx: Tx,
  owner: {
    organizationId: number;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    timezone: string;
    receivePromotions: boolean;
  },
): Promise<Account> {
  const [row] = await tx
    .insert(users)
    .values({ ...owner, email: owner.email.toLowerCase(), roles: ['admin'], status: 'active' })
    .returning(accountColumns);
  return row;
}

/**
 * The roles of the user in `column` while they are active, else null: a subquery, so the realtime session
 * check reads every open socket's session and user in one query.
 */
export const activeRolesSql = (column: IdColumn) =>
  sql<
    string[] | null
  >`(select ${users.roles} from ${users} where ${users.id} = ${column} and ${users.status} = 'active')`;
