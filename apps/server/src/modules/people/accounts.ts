import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { emailTaken, findUser, insertUser, updateUserRow } from './users.repository';
import { type UserRow, users } from './users.table';

// What signing in, registering and verifying an email need of a person (the auth module's side).

export type Account = UserRow;

/** The account of an email, whatever its case. */
export async function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export const findAccount = (db: Db, id: number): Promise<Account | undefined> => findUser(db, id);

export const emailInUse = (db: Db, email: string): Promise<boolean> => emailTaken(db, email);

export async function recordSignIn(db: Db, userId: number, at: Date) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Db, userId: number, at: Date) {
  await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
}

/** A new account (registration's owner, the first super admin); the caller checked the email is free. */
export const createAccount = (tx: Tx, values: typeof users.$inferInsert): Promise<Account> =>
  insertUser(tx, values);

/** Sets fields of an account outside the admin's rules (e.g. a password reset). */
export const updateAccount = (tx: Tx, id: number, patch: Partial<typeof users.$inferInsert>) =>
  updateUserRow(tx, id, patch);
