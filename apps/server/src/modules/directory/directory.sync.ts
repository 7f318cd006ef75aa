import type { DirectorySync } from '@vahub/shared/directory/schemas';
import { desc, eq } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import { audit } from '../../platform/audit-trail';
import { mappedRoles, rolesOfGroups } from '../../platform/directory/roles';
import type { Directory, DirectoryPerson } from '../../platform/directory/types';
import {
  type Account,
  applyDirectoryChanges,
  deactivateAccount,
  findAccountByEmail,
  fullName,
  linkedAccounts,
} from '../people/public';
import { type DirectorySyncResult, directorySyncs } from './directory.table';

const RANK = ['admin', 'manager', 'client', 'va'] as const;

type Row = typeof directorySyncs.$inferSelect;

const toSync = (row: Row): DirectorySync => ({
  id: row.id,
  trigger: row.trigger,
  started_at: iso(row.startedAt) as string,
  finished_at: iso(row.finishedAt) as string,
  ...row.result,
});

/** The organization's last sync, or null. */
export async function lastSync(deps: Deps, organizationId: number): Promise<DirectorySync | null> {
  const [row] = await deps.db
    .select()
    .from(directorySyncs)
    .where(eq(directorySyncs.organizationId, organizationId))
    .orderBy(desc(directorySyncs.id))
    .limit(1);
  return row ? toSync(row) : null;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The roles a linked user holds after the sync: mapped roles follow the groups, the others stay. */
function rolesAfter(deps: Deps, user: Account, person: DirectoryPerson): string[] | null {
  const mapping = deps.config.LDAP_GROUP_ROLES ?? [];
  if (!mapping.length) return user.roles;
  const managed: readonly string[] = mappedRoles(mapping);
  const granted = rolesOfGroups(person.groups, mapping);
  const role = RANK.find((r) => granted.includes(r));
  const kept = user.roles.filter((r) => !managed.includes(r));
  const after = role ? [...kept, role] : kept;
  return after.length ? after : null;
}

/** Reads every entry first: a directory that fails half-way changes nobody (the sync says why instead). */
async function readEntries(directory: Directory, people: Account[]) {
  const entries = new Map<number, DirectoryPerson | null>();
  for (const user of people) entries.set(user.id, await directory.entry(user.ldapDn as string));
  return entries;
}

/**
 * Syncs one organization's linked users with their entries: a gone or disabled entry deactivates an active user
 * (as an admin's deactivation does), names and email follow, and with LDAP_GROUP_ROLES the mapped roles follow
 * the groups (added and removed; other roles stay). Each user's change is its own transaction, audited; the run
 * is stored and audited as `directory.synced`.
 */
export async function syncOrganization(
  deps: Deps,
  organizationId: number,
  trigger: { kind: 'schedule' | 'manual'; actorId: number | null },
): Promise<DirectorySync> {
  const startedAt = deps.clock.now();
  const result: DirectorySyncResult = {
    checked: 0,
    deactivated: [],
    updated: [],
    roles_changed: [],
    skipped: [],
    failure: null,
  };
  const people = await linkedAccounts(deps.db, organizationId);
  result.checked = people.length;
  let entries = new Map<number, DirectoryPerson | null>();
  try {
    if (!deps.directory) throw new AppError('directory_not_configured', 'No directory is configured.');
    entries = await readEntries(deps.directory, people);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    result.failure = err.message;
  }
  if (!result.failure) {
    for (const user of people) {
      const person = entries.get(user.id) ?? null;
      const name = fullName(user);
      if (!person || person.disabled) {
        if (user.status !== 'active') continue;
        const reason = person ? 'disabled' : 'gone';
        await deps.transaction((uow) =>
          deactivateAccount(deps, uow, user, {
            actorId: trigger.actorId,
            reason: `directory_entry_${reason}`,
          }),
        );
        result.deactivated.push({ user_id: user.id, name, reason });
        continue;
      }
      const patch: Parameters<typeof applyDirectoryChanges>[3] = {};
      if (person.firstName && person.firstName !== user.firstName) patch.firstName = person.firstName;
      if (person.lastName && person.lastName !== user.lastName) patch.lastName = person.lastName;
      if (person.email && person.email.toLowerCase() !== user.email.toLowerCase()) {
        const holder = await findAccountByEmail(deps.db, person.email);
        if (holder && holder.id !== user.id)
          result.skipped.push({
            user_id: user.id,
            name,
            reason: `email ${person.email} belongs to another user`,
          });
        else patch.email = person.email.toLowerCase();
      }
      const roles = rolesAfter(deps, user, person);
      if (!roles)
        result.skipped.push({ user_id: user.id, name, reason: 'no mapped group: roles left as they were' });
      else if (!sameSet(roles, user.roles)) patch.roles = roles;
      if (!Object.keys(patch).length) continue;
      await deps.transaction(({ tx }) => applyDirectoryChanges(deps, tx, user, patch, trigger.actorId));
      const fields = Object.keys(patch).filter((k) => k !== 'roles');
      if (fields.length)
        result.updated.push({
          user_id: user.id,
          name: fullName({
            firstName: patch.firstName ?? user.firstName,
            lastName: patch.lastName ?? user.lastName,
          }),
          fields: fields.map(
            (f) => ({ firstName: 'first_name', lastName: 'last_name', email: 'email' })[f] ?? f,
          ),
        });
      if (patch.roles)
        result.roles_changed.push({ user_id: user.id, name, before: user.roles, after: patch.roles });
    }
  }
  const row = await deps.transaction(async ({ tx }) => {
    const [saved] = await tx
      .insert(directorySyncs)
      .values({
        organizationId,
        trigger: trigger.kind,
        actorId: trigger.actorId,
        startedAt,
        finishedAt: deps.clock.now(),
        result,
      })
      .returning();
    await audit(tx, {
      organizationId,
      actorId: trigger.actorId,
      action: 'directory.synced',
      entityType: 'directory_sync',
      entityId: saved.id,
      before: null,
      after: result,
    });
    return saved;
  });
  return toSync(row);
}

/** The nightly run: every organization that has linked users. */
export async function syncAll(deps: Deps): Promise<DirectorySync[]> {
  if (!deps.directory) return [];
  const people = await linkedAccounts(deps.db, null);
  const organizations = [...new Set(people.map((p) => p.organizationId))];
  const runs: DirectorySync[] = [];
  for (const id of organizations)
    runs.push(await syncOrganization(deps, id, { kind: 'schedule', actorId: null }));
  return runs;
}
