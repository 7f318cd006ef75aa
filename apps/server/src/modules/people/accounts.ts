import { and, arrayContains, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { builtOnce } from '../../db/prepared';
import type { IdColumn } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { type UserRow, users } from './users.table';

// What signing in, registering and verifying an email need of a person (the auth module's side).

/** A person as signing in sees them: the whole row, what `GET /api/v1/me` shows. */
export type Account = UserRow;

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** The account of an email, whatever its case. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

/** Read by every authenticated call: built once (`builtOnce`). */
const accountQuery = builtOnce((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('people_account'),
);

export async function findAccount(db: Db, id: number): Promise<Account | undefined> {
  const [row] = await accountQuery(db).execute({ id });
  return row;
}

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return Boolean(row);
}

export async function recordSignIn(db: Db, userId: number, at: Date) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/** Whether the installation has a super admin (none: the first run's setup link is still open). */
export async function superAdminExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(arrayContains(users.roles, ['super_admin']))
    .limit(1);
  return Boolean(row);
}

/** The super admins' addresses (active ones), for what the installation tells them (a failed backup). */
export async function superAdminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(arrayContains(users.roles, ['super_admin']), eq(users.status, 'active')));
  return rows.map((r) => r.email);
}

export async function markEmailVerified(db: Db, userId: number, at: Date) {
  await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
}

/**
 * An invited person's first password. Only while they have none: of two links used at once, one wins (false
 * for the other).
 */
export async function setFirstPassword(tx: Tx, userId: number, passwordHash: string, at: Date) {
  const rows = await tx
    .update(users)
    .set({ passwordHash, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** A new account (registration's owner, the first super admin); the caller checked the email is free. */
export async function createAccount(tx: Tx, values: typeof users.$inferInsert): Promise<Account> {
  const [row] = await tx.insert(users).values(values).returning();
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
