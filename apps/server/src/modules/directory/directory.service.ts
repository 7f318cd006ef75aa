import { msg } from '@vahub/shared/api/messages';
import { DIRECTORY_MESSAGES } from '@vahub/shared/directory/messages';
import type {
  DirectoryEntry,
  DirectoryLink,
  DirectoryStatus,
  DirectoryTest,
} from '@vahub/shared/directory/schemas';
import { USER_MESSAGES } from '@vahub/shared/users/payloads';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/sql';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { rolesOfGroups } from '../../platform/directory/roles';
import type { Directory, DirectoryPerson } from '../../platform/directory/types';
import {
  type Account,
  findAccount,
  findAccountByDn,
  fullName,
  linkedAccountCount,
  setDirectoryLink,
} from '../people/public';
import { lastSync } from './directory.sync';

/** The directory, or 409 `directory_not_configured` (no LDAP_URL): never a 404, never a 500. */
export function directoryOf(deps: Deps): Directory {
  if (!deps.directory) throw new AppError('directory_not_configured', DIRECTORY_MESSAGES.not_configured);
  return deps.directory;
}

const RANK = ['admin', 'manager', 'client', 'va'] as const;

/** The highest role the entry's groups map to under LDAP_GROUP_ROLES, or null. */
export function mappedRoleOf(deps: Deps, groups: string[]): (typeof RANK)[number] | null {
  const granted = rolesOfGroups(groups, deps.config.LDAP_GROUP_ROLES ?? []);
  return RANK.find((r) => granted.includes(r)) ?? null;
}

/** The user the admin acts on: one of their organization (else 404); a super admin only for a super admin. */
async function target(deps: Deps, viewer: Viewer, id: number): Promise<Account> {
  const row = await findAccount(deps.db, id);
  if (!row || row.organizationId !== viewer.organizationId)
    throw new AppError('not_found', USER_MESSAGES.not_found);
  if (row.roles.includes('super_admin') && !viewer.isSuperAdmin)
    throw forbidden(USER_MESSAGES.super_admin_target);
  return row;
}

async function entryDto(deps: Deps, viewer: Viewer, person: DirectoryPerson): Promise<DirectoryEntry> {
  const holder = await findAccountByDn(deps.db, person.dn);
  const mine = holder && holder.organizationId === viewer.organizationId;
  return {
    dn: person.dn,
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
    uid: person.uid,
    groups: person.groups,
    mapped_role: mappedRoleOf(deps, person.groups),
    disabled: person.disabled,
    // Another organization's user is not named: only that the entry is taken.
    linked_user: mine ? { id: holder.id, name: fullName(holder), email: holder.email } : null,
    linked_elsewhere: Boolean(holder && !mine),
  };
}

/** `GET ldap/search?email=`. */
export async function searchDirectory(deps: Deps, viewer: Viewer, email: string) {
  const people = await directoryOf(deps).searchByEmail(email);
  const entries: DirectoryEntry[] = [];
  for (const p of people) entries.push(await entryDto(deps, viewer, p));
  return { entries };
}

/** A user's link: the entry read live; a directory that is down leaves the DN shown without it. */
export async function directoryLink(deps: Deps, viewer: Viewer, id: number): Promise<DirectoryLink> {
  const directory = directoryOf(deps);
  const user = await target(deps, viewer, id);
  const last = await lastSync(deps, viewer.organizationId);
  if (!user.ldapDn)
    return { user_id: id, dn: null, entry: null, entry_missing: false, unavailable: false, last_sync: last };
  try {
    const person = await directory.entry(user.ldapDn);
    return {
      user_id: id,
      dn: user.ldapDn,
      entry: person ? await entryDto(deps, viewer, person) : null,
      entry_missing: !person,
      unavailable: false,
      last_sync: last,
    };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'directory_unavailable') throw err;
    return {
      user_id: id,
      dn: user.ldapDn,
      entry: null,
      entry_missing: false,
      unavailable: true,
      last_sync: last,
    };
  }
}

/** Links `user` to `dn` (one entry, one user), audited. */
async function link(deps: Deps, viewer: Viewer, user: Account, dn: string, action: string) {
  const holder = await findAccountByDn(deps.db, dn);
  if (holder && holder.id !== user.id) {
    const name = holder.organizationId === viewer.organizationId ? fullName(holder) : 'another organization';
    throw new AppError('conflict', msg(DIRECTORY_MESSAGES.dn_linked_elsewhere, { name }));
  }
  await deps
    .transaction(async ({ tx }) => {
      await setDirectoryLink(tx, user.id, dn, deps.clock.now());
      await audit(tx, {
        organizationId: viewer.organizationId,
        actorId: viewer.userId,
        action,
        entityType: 'user',
        entityId: user.id,
        before: { ldap_dn: user.ldapDn },
        after: { ldap_dn: dn },
      });
    })
    .catch((err: unknown) => {
      // Two admins raced for one entry: the unique index kept it to one user.
      if (isUniqueViolation(err))
        throw new AppError('conflict', msg(DIRECTORY_MESSAGES.dn_linked_elsewhere, { name: 'another user' }));
      throw err;
    });
}

/** `PATCH ldap/associate/{id} {dn}`: the entry must exist. */
export async function associateEntry(deps: Deps, viewer: Viewer, id: number, dn: string) {
  const directory = directoryOf(deps);
  const user = await target(deps, viewer, id);
  const person = await directory.entry(dn);
  if (!person) throw fieldError('dn', DIRECTORY_MESSAGES.entry_not_found);
  // The DN as the directory spells it.
  await link(deps, viewer, user, person.dn, 'user.directory_linked');
  return directoryLink(deps, viewer, id);
}

/** `POST ldap/create {user_id, email}`: a new inetOrgPerson for the user, linked at once. */
export async function createEntry(deps: Deps, viewer: Viewer, userId: number, email: string) {
  const directory = directoryOf(deps);
  const user = await target(deps, viewer, userId);
  if (user.ldapDn) throw new AppError('conflict', DIRECTORY_MESSAGES.already_linked);
  const local = email.split('@')[0].replace(/[^A-Za-z0-9._-]/g, '') || `user${user.id}`;
  const person = await directory.createEntry({
    uid: local,
    email,
    firstName: user.firstName,
    lastName: user.lastName,
  });
  await link(deps, viewer, user, person.dn, 'user.directory_entry_created');
  return directoryLink(deps, viewer, userId);
}

/** `DELETE ldap/{id}`: the link goes, the entry stays. */
export async function unlinkEntry(deps: Deps, viewer: Viewer, id: number) {
  directoryOf(deps);
  const user = await target(deps, viewer, id);
  if (!user.ldapDn) throw new AppError('not_found', DIRECTORY_MESSAGES.not_linked);
  await deps.transaction(async ({ tx }) => {
    await setDirectoryLink(tx, id, null, deps.clock.now());
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'user.directory_unlinked',
      entityType: 'user',
      entityId: id,
      before: { ldap_dn: user.ldapDn },
      after: { ldap_dn: null },
    });
  });
}

/** The settings page's section: the connection (never the password), the mapping, the last sync. */
export async function directoryStatus(deps: Deps, viewer: Viewer): Promise<DirectoryStatus> {
  const c = deps.directory?.connection;
  return {
    configured: Boolean(c),
    url: c?.url ?? null,
    bind_dn: c?.bindDn ?? null,
    base_dn: c?.baseDn ?? null,
    users_dn: c?.usersDn ?? null,
    user_filter: c?.userFilter ?? null,
    start_tls: c?.startTls ?? false,
    auto_create: Boolean(c) && deps.config.LDAP_AUTO_CREATE,
    group_roles: (deps.config.LDAP_GROUP_ROLES ?? []).map((g) => ({ group_dn: g.groupDn, role: g.role })),
    linked_users: await linkedAccountCount(deps.db, viewer.organizationId),
    last_sync: await lastSync(deps, viewer.organizationId),
  };
}

/** "Test connection": binds as the service account and reads the base DN; says what happened. */
export async function testDirectory(deps: Deps): Promise<DirectoryTest> {
  const directory = directoryOf(deps);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    await directory.test();
    return {
      ok: true,
      message: `Connected to ${directory.connection.url} and read ${directory.connection.baseDn}.`,
      elapsed_ms: elapsed(),
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { ok: false, message: err.message, elapsed_ms: elapsed() };
  }
}
