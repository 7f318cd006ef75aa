import { DIRECTORY_MESSAGES } from '@vahub/shared/directory/messages';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import type { Tx, UnitOfWork } from '../../platform/transaction';
import { userSnapshot } from './people.mapper';
import { userSessionsPort } from './people.ports';
import { updateUserRow } from './users.repository';
import { type UserRow, users } from './users.table';

// A user linked to a directory entry (`users.ldap_dn`) signs in with the directory's password and follows the
// entry in the sync. These are people's side of it: the directory module (integrations) and auth use them.

/** The user linked to `dn` (DNs compare without case), in any organization. */
export async function findAccountByDn(db: Db, dn: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.ldapDn}) = ${dn.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** The users of an organization (every organization: null) that are linked, for the sync. */
export function linkedAccounts(db: Db, organizationId: number | null): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      organizationId === null
        ? isNotNull(users.ldapDn)
        : and(isNotNull(users.ldapDn), eq(users.organizationId, organizationId)),
    )
    .orderBy(users.organizationId, users.id);
}

/** How many users of the organization are linked. */
export async function linkedAccountCount(db: Db, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isNotNull(users.ldapDn), eq(users.organizationId, organizationId)));
  return row?.n ?? 0;
}

/** Sets or clears a user's link. */
export async function setDirectoryLink(tx: Tx, userId: number, dn: string | null, at: Date) {
  return updateUserRow(tx, userId, { ldapDn: dn, updatedAt: at });
}

/**
 * A linked user's password lives in the directory: it is written there first (as `{SSHA}`), so a directory that
 * is down (503) or refuses leaves everything as it was. The caller then writes the local hash as for anyone: the
 * sign-in never reads it for a linked user, and it is what the user signs in with if they are unlinked.
 */
export async function writeDirectoryPassword(deps: Deps, user: { ldapDn: string | null }, password: string) {
  if (!user.ldapDn) return;
  if (!deps.directory) throw new AppError('directory_not_configured', DIRECTORY_MESSAGES.not_configured);
  await deps.directory.setPassword(user.ldapDn, password);
}

/** Checks a linked user's current password against the directory (a bind as the entry). */
export async function directoryPasswordMatches(deps: Deps, dn: string, password: string): Promise<boolean> {
  if (!deps.directory) throw new AppError('directory_unavailable', DIRECTORY_MESSAGES.no_sign_in);
  return deps.directory.verifyPassword(dn, password);
}

/**
 * Deactivates a user the way an admin's deactivation does (users.service's `updateUser`): their sessions end,
 * the attendance engine hears `user.deactivated` (its trackers stop), and the audit log says who and why.
 */
export async function deactivateAccount(
  deps: Deps,
  uow: UnitOfWork,
  row: UserRow,
  why: { actorId: number | null; reason: string },
) {
  const now = deps.clock.now();
  const after = await updateUserRow(uow.tx, row.id, { status: 'inactive', updatedAt: now });
  if (!after) return;
  await userSessionsPort.get().revokeUserSessions(uow.tx, row.id, 'deactivated', now);
  await deps.events.raise(uow, row.organizationId, 'user.deactivated', { user_id: row.id });
  await audit(uow.tx, {
    organizationId: row.organizationId,
    actorId: why.actorId,
    action: 'user.status_changed',
    entityType: 'user',
    entityId: row.id,
    before: userSnapshot(row),
    after: { ...userSnapshot(after), reason: why.reason },
  });
}

/** Names, email or roles that follow the directory (the sync); audited as the directory's change. */
export async function applyDirectoryChanges(
  deps: Deps,
  tx: Tx,
  row: UserRow,
  patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'roles'>>,
  actorId: number | null,
) {
  const after = await updateUserRow(tx, row.id, { ...patch, updatedAt: deps.clock.now() });
  if (!after) return;
  await audit(tx, {
    organizationId: row.organizationId,
    actorId,
    action: 'user.updated',
    entityType: 'user',
    entityId: row.id,
    before: userSnapshot(row),
    after: { ...userSnapshot(after), source: 'directory' },
  });
}
