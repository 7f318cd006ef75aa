import type { UserStatus } from '@vahub/shared/auth/schemas';
import { USER_MESSAGES, type UserCreate, type UserUpdate } from '@vahub/shared/users/payloads';
import type { Db } from '../../db/client';
import { AppError, fieldError, forbidden } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { writeDirectoryPassword } from './directory-accounts';
import { queueInvitation } from './invitations.service';
import { assertPasswordAllowed, hashPassword } from './passwords';
import { userSnapshot } from './people.mapper';
import { userSessionsPort } from './people.ports';
import {
  assertOrgManagers,
  assertOrgTeams,
  isForeignKeyViolation,
  isUniqueViolation,
  replaceManagers,
  replaceTeams,
  resolveRoles,
  takeSeat,
} from './user-rules';
import {
  deleteUserRow,
  dropClientLinks,
  emailTaken,
  findScopedUser,
  insertUser,
  managerIdsOf,
  teamIdsOf,
  updateUserRow,
} from './users.repository';
import { userDetail, userNotFound } from './users.service';
import type { UserRow, users } from './users.table';

const emailError = () => fieldError('email', USER_MESSAGES.email_taken);
const rethrowUnique = (err: unknown): never => {
  throw isUniqueViolation(err) ? emailError() : err;
};
const isAdminRole = (roles: string[]) => roles.includes('admin') || roles.includes('super_admin');

/** Creates a user of the viewer's organization (admin `POST user`, manager `POST clients`). */
export async function createUser(deps: Deps, viewer: Viewer, input: UserCreate) {
  const roles = resolveRoles(viewer, input);
  const managerIds = input.manager_ids ?? [];
  if (managerIds.length && !roles.includes('client'))
    throw fieldError('manager_ids', USER_MESSAGES.managers_client_only);
  // Without a password the person is invited; until they choose one they cannot sign in.
  if (input.password) assertPasswordAllowed(input.password, { email: input.email });
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = deps.clock.now();
  const org = viewer.organizationId;
  const { row, invitation } = await deps
    .transaction(async (uow) => {
      const { tx } = uow;
      const timezone = await takeSeat(tx, org, input.status === 'active');
      if (await emailTaken(tx, input.email)) throw emailError();
      await assertOrgTeams(tx, org, input.team_ids ?? []);
      await assertOrgManagers(tx, org, managerIds);
      const created = await insertUser(tx, {
        organizationId: org,
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        roles,
        status: input.status,
        timezone: input.timezone ?? timezone,
        phone: input.phone ?? null,
        position: input.position ?? null,
        companyName: input.company_name ?? null,
        contactPerson: input.contact_person ?? null,
        // The admin vouches for the address; the person signs in with the password given or chosen.
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await replaceTeams(tx, created.id, input.team_ids ?? []);
      await replaceManagers(tx, created.id, managerIds);
      await audit(tx, {
        organizationId: org,
        actorId: viewer.userId,
        action: 'user.created',
        entityType: 'user',
        entityId: created.id,
        before: null,
        after: userSnapshot(created, { team_ids: input.team_ids ?? [], manager_ids: managerIds }),
      });
      await deps.events.raise(uow, org, 'user.created', {
        user_id: created.id,
        roles: created.roles,
        status: created.status,
        actor_id: viewer.userId,
      });
      return { row: created, invitation: passwordHash ? null : await queueInvitation(deps, uow, created) };
    })
    .catch(rethrowUnique);
  return { ...(await userDetail(deps, row)), invitation };
}

/** The target of an admin action: a user of the organization; a super admin only for a super admin. */
async function target(db: Db, viewer: Viewer, id: number): Promise<UserRow> {
  const row = await findScopedUser(db, viewer.organizationId, id);
  if (!row) throw userNotFound();
  if (row.roles.includes('super_admin') && !viewer.isSuperAdmin)
    throw forbidden(USER_MESSAGES.super_admin_target);
  return row;
}

/** The columns a change writes: only the fields that were sent. */
function patchOf(input: UserUpdate): Partial<typeof users.$inferInsert> {
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.email !== undefined) patch.email = input.email;
  if (input.first_name !== undefined) patch.firstName = input.first_name;
  if (input.last_name !== undefined) patch.lastName = input.last_name;
  if (input.timezone !== undefined) patch.timezone = input.timezone;
  if (input.phone !== undefined) patch.phone = input.phone;
  if (input.position !== undefined) patch.position = input.position;
  if (input.company_name !== undefined) patch.companyName = input.company_name;
  if (input.contact_person !== undefined) patch.contactPerson = input.contact_person;
  return patch;
}

export async function updateUser(deps: Deps, viewer: Viewer, id: number, input: UserUpdate) {
  const before = await target(deps.db, viewer, id);
  const roles = resolveRoles(viewer, input, before.roles);
  const self = before.id === viewer.userId;
  if (self && isAdminRole(before.roles) && !isAdminRole(roles))
    throw fieldError('role', USER_MESSAGES.drop_own_admin);
  const status: UserStatus = input.status ?? before.status;
  if (self && status !== 'active') throw fieldError('status', USER_MESSAGES.deactivate_self);
  const isClient = roles.includes('client');
  if (input.manager_ids?.length && !isClient)
    throw fieldError('manager_ids', USER_MESSAGES.managers_client_only);
  if (input.password) assertPasswordAllowed(input.password, { email: input.email ?? before.email });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // A linked user's password is the directory's: written there first (a 503 changes nothing here).
  if (input.password) await writeDirectoryPassword(deps, before, input.password);
  const now = deps.clock.now();
  const org = viewer.organizationId;

  const row = await deps
    .transaction(async (uow) => {
      const { tx } = uow;
      if (status === 'active' && before.status !== 'active') await takeSeat(tx, org, true);
      const newEmail = input.email && input.email !== before.email.toLowerCase();
      if (newEmail && (await emailTaken(tx, input.email as string, id))) throw emailError();
      if (input.team_ids) await assertOrgTeams(tx, org, input.team_ids);
      if (input.manager_ids) await assertOrgManagers(tx, org, input.manager_ids);
      const beforeTeams = await teamIdsOf(tx, id);
      const beforeManagers = await managerIdsOf(tx, id);

      const after = await updateUserRow(tx, id, {
        ...patchOf(input),
        roles,
        status,
        updatedAt: now,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!after) throw userNotFound();
      if (input.team_ids) await replaceTeams(tx, id, input.team_ids);
      if (!isClient) await dropClientLinks(tx, id, 'client');
      else if (input.manager_ids) await replaceManagers(tx, id, input.manager_ids);
      if (!roles.includes('manager')) await dropClientLinks(tx, id, 'manager');
      if (before.status === 'active' && status !== 'active') {
        // Leaving `active` ends their sessions at once, and the attendance engine hears of it.
        await userSessionsPort.get().revokeUserSessions(tx, id, 'deactivated', now);
        await deps.events.raise(uow, org, 'user.deactivated', { user_id: id });
      } else if (passwordHash) {
        // A new password ends the sessions the old one opened (the admin's own stays, if it is them).
        await userSessionsPort.get().revokeUserSessions(tx, id, 'password_reset', now, viewer.sessionId);
      }

      await audit(tx, {
        organizationId: org,
        actorId: viewer.userId,
        action: before.status !== status ? 'user.status_changed' : 'user.updated',
        entityType: 'user',
        entityId: id,
        before: userSnapshot(before, { team_ids: beforeTeams, manager_ids: beforeManagers }),
        after: {
          ...userSnapshot(after, {
            team_ids: input.team_ids ?? beforeTeams,
            manager_ids: isClient ? (input.manager_ids ?? beforeManagers) : [],
          }),
          ...(passwordHash ? { password_changed: true } : {}),
        },
      });
      return after;
    })
    .catch(rethrowUnique);
  return userDetail(deps, row);
}

export async function setUserPassword(deps: Deps, viewer: Viewer, id: number, password: string) {
  const row = await target(deps.db, viewer, id);
  assertPasswordAllowed(password, { email: row.email });
  const passwordHash = await hashPassword(password);
  await writeDirectoryPassword(deps, row, password);
  const now = deps.clock.now();
  await deps.transaction(async ({ tx }) => {
    await updateUserRow(tx, id, { passwordHash, updatedAt: now });
    // A reset password ends the sessions the old one opened (the admin's own stays, if it is them).
    await userSessionsPort.get().revokeUserSessions(tx, id, 'password_reset', now, viewer.sessionId);
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'user.password_set',
      entityType: 'user',
      entityId: id,
      before: null,
      after: { password_changed: true, ...(row.ldapDn ? { directory: row.ldapDn } : {}) },
    });
  });
}

/** Ends every session of a user; the count and the audit entry commit together. */
export async function revokeSessions(deps: Deps, viewer: Viewer, id: number) {
  await target(deps.db, viewer, id);
  const revoked = await deps.transaction(async ({ tx }) => {
    const count = await userSessionsPort.get().revokeUserSessions(tx, id, 'admin', deps.clock.now());
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'user.sessions_revoked',
      entityType: 'user',
      entityId: id,
      before: null,
      after: { revoked: count },
    });
    return count;
  });
  return { revoked };
}

/**
 * Deletes a user without history. History is whatever still points at the user through a restricting
 * foreign key (contracts, audit entries as actor, teams led, an organization owned; see the table files):
 * the database refuses the delete, and the answer is 409 suggesting deactivation.
 */
export async function deleteUser(deps: Deps, viewer: Viewer, id: number) {
  const before = await target(deps.db, viewer, id);
  if (id === viewer.userId) throw fieldError('id', USER_MESSAGES.delete_self);
  await deps
    .transaction(async ({ tx }) => {
      const teamIds = await teamIdsOf(tx, id);
      const managerIds = await managerIdsOf(tx, id);
      await deleteUserRow(tx, id);
      await audit(tx, {
        organizationId: viewer.organizationId,
        actorId: viewer.userId,
        action: 'user.deleted',
        entityType: 'user',
        entityId: id,
        before: userSnapshot(before, { team_ids: teamIds, manager_ids: managerIds }),
        after: null,
      });
    })
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) throw new AppError('conflict', USER_MESSAGES.delete_with_history);
      throw err;
    });
}

/** `POST client/{id}/managers`: the client's managers become exactly `managerIds`. */
export async function setClientManagers(deps: Deps, viewer: Viewer, clientId: number, managerIds: number[]) {
  const client = await target(deps.db, viewer, clientId);
  if (!client.roles.includes('client')) throw fieldError('id', USER_MESSAGES.not_a_client);
  await deps.transaction(async ({ tx }) => {
    await assertOrgManagers(tx, viewer.organizationId, managerIds);
    const before = await managerIdsOf(tx, clientId);
    await replaceManagers(tx, clientId, managerIds);
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'client.managers_set',
      entityType: 'user',
      entityId: clientId,
      before: { manager_ids: before },
      after: { manager_ids: [...managerIds].sort((a, b) => a - b) },
    });
  });
}
