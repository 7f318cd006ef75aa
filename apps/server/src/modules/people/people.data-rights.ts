import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, amongOrAll, type DataScope, keysetBatches } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { users } from './users.table';

// Data export and erasure (issue 33): what the data-rights module reads and changes of the people.

const { passwordHash: _hash, ldapDn: _dn, ...exported } = getTableColumns(users);

/** What a client's export holds of their VAs (what the client's screens show of them), their own row whole. */
const SEEN_BY_CLIENT = [
  'id',
  'organizationId',
  'email',
  'firstName',
  'lastName',
  'timezone',
  'position',
  'roles',
  'status',
] as const;

/** The people of an export scope, without their password hash or directory link. */
export const exportPeople = (db: Db, scope: DataScope) =>
  keysetBatches(async (a, n) => {
    const rows = await db
      .select(exported)
      .from(users)
      .where(
        and(
          eq(users.organizationId, scope.organizationId),
          amongOrAll(users.id, scope.userIds),
          after(users.id, a),
        ),
      )
      .orderBy(users.id)
      .limit(n);
    if (scope.clientId === null) return rows;
    return rows.map((r) =>
      r.id === scope.selfId
        ? r
        : (Object.fromEntries(SEEN_BY_CLIENT.map((k) => [k, r[k]])) as { id: number }),
    );
  });

/** A person of the organization, locked for their erasure; null when none. */
export async function personToErase(tx: Tx, organizationId: number, id: number) {
  const [row] = await tx
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatarKey: users.avatarKey,
      roles: users.roles,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId)))
    .for('update');
  return row ?? null;
}

/**
 * Replaces a person's name and email by the alias, removes what else identifies them (avatar, phone, position,
 * company, directory and mailbox links, password) and deactivates them. The avatar's key is the caller's to delete.
 */
export async function anonymizeAccount(
  tx: Tx,
  id: number,
  alias: { firstName: string; lastName: string; email: string },
  at: Date,
) {
  await tx
    .update(users)
    .set({
      ...alias,
      passwordHash: null,
      avatarKey: null,
      phone: null,
      position: null,
      companyName: null,
      contactPerson: null,
      ldapDn: null,
      mailAccount: null,
      receivePromotions: false,
      status: 'inactive',
      updatedAt: at,
    })
    .where(eq(users.id, id));
}

/** Deactivated people and since when their row last changed (the daily erasure reads it). */
export const inactivePeople = (db: Db, changedBefore: Date) =>
  db
    .select({ id: users.id, organizationId: users.organizationId, updatedAt: users.updatedAt })
    .from(users)
    .where(and(eq(users.status, 'inactive'), sql`${users.updatedAt} < ${changedBefore}`));
