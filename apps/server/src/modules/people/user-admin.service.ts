import type { UserStatus } from '@vahub/shared/auth/schemas';
import { USER_MESSAGES, type UserCreate, type UserUpdate } from '@vahub/shared/users/payloads';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { AuthContext } from '../../plugins/authenticate';
import { audit } from '../audit/audit.service';
import { auditLog } from '../audit/audit.table';
import { hashPassword } from '../auth/passwords';
import { contracts } from '../contracts/contracts.table';
import { organizations } from '../organizations/organizations.table';
import { clientManagers } from './client-managers.table';
import { userSnapshot } from './people.mapper';
import { teams } from './teams.table';
import {
  assertOrgManagers,
  assertOrgTeams,
  assertSeatFree,
  isUniqueViolation,
  onDeactivated,
  replaceManagers,
  replaceTeams,
  resolveRoles,
} from './user-rules';
import { emailTaken, findOrgUser, managerIdsOf, teamIdsOf } from './users.repository';
import { userDetail } from './users.service';
import { type UserRow, users } from './users.table';

const emailError = () => fieldError('email', USER_MESSAGES.email_taken);
const rethrowUnique = (err: unknown): never => {
  throw isUniqueViolation(err) ? emailError() : err;
};

/** Creates a user of the caller's organization (admin `POST user`, manager `POST clients`). */
export async function createUser(deps: Deps, auth: AuthContext, input: UserCreate) {
  const roles = resolveRoles(auth, input);
  const managerIds = input.manager_ids ?? [];
  if (managerIds.length && !roles.includes('client'))
    throw fieldError('manager_ids', 'Only clients have managers.');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const row = await deps
    .transaction(async ({ tx }) => {
      if (input.status === 'active') await assertSeatFree(tx, auth.organizationId);
      if (await emailTaken(tx, input.email)) throw emailError();
      await assertOrgTeams(tx, auth.organizationId, input.team_ids ?? []);
      await assertOrgManagers(tx, auth.organizationId, managerIds);
      const [org] = await tx
        .select({ timezone: organizations.timezone })
        .from(organizations)
        .where(eq(organizations.id, auth.organizationId));
      const [created] = await tx
        .insert(users)
        .values({
          organizationId: auth.organizationId,
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          roles,
          status: input.status,
          timezone: input.timezone ?? org?.timezone ?? 'UTC',
          phone: input.phone ?? null,
          position: input.position ?? null,
          companyName: input.company_name ?? null,
          contactPerson: input.contact_person ?? null,
          // The admin vouches for the address; the person signs in with the password they are given.
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await replaceTeams(tx, created.id, input.team_ids ?? []);
      await replaceManagers(tx, created.id, managerIds);
      await audit(tx, {
        organizationId: auth.organizationId,
        actorId: auth.userId,
        action: 'user.created',
        entityType: 'user',
        entityId: created.id,
        before: null,
        after: userSnapshot(created, { team_ids: input.team_ids ?? [], manager_ids: managerIds }),
      });
      return created;
    })
    .catch(rethrowUnique);
  return userDetail(deps, row);
}

/** The target of an admin action: a user of the organization; a super admin only for a super admin. */
async function target(db: Db, auth: AuthContext, id: number): Promise<UserRow> {
  const row = await findOrgUser(db, auth.organizationId, id);
  if (!row) throw notFound('User');
  if (row.roles.includes('super_admin') && !auth.roles.includes('super_admin'))
    throw forbidden('Only a super admin can change a super admin.');
  return row;
}

export async function updateUser(deps: Deps, auth: AuthContext, id: number, input: UserUpdate) {
  const before = await target(deps.db, auth, id);
  const roles = resolveRoles(auth, input, before.roles);
  const self = before.id === auth.userId;
  const isAdminRole = (r: string[]) => r.includes('admin') || r.includes('super_admin');
  if (self && isAdminRole(before.roles) && !isAdminRole(roles))
    throw fieldError('role', USER_MESSAGES.drop_own_admin);
  const status: UserStatus = input.status ?? before.status;
  if (self && status !== 'active') throw fieldError('status', USER_MESSAGES.deactivate_self);
  const isClient = roles.includes('client');
  if (input.manager_ids?.length && !isClient) throw fieldError('manager_ids', 'Only clients have managers.');
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = deps.clock.now();

  const row = await deps
    .transaction(async ({ tx }) => {
      const reactivated = status === 'active' && before.status !== 'active';
      if (reactivated) await assertSeatFree(tx, auth.organizationId);
      if (
        input.email &&
        input.email !== before.email.toLowerCase() &&
        (await emailTaken(tx, input.email, id))
      )
        throw emailError();
      if (input.team_ids) await assertOrgTeams(tx, auth.organizationId, input.team_ids);
      if (input.manager_ids) await assertOrgManagers(tx, auth.organizationId, input.manager_ids);
      const beforeTeams = await teamIdsOf(tx, id);
      const beforeManagers = await managerIdsOf(tx, id);

      const patch: Partial<typeof users.$inferInsert> = { roles, status, updatedAt: now };
      if (input.email !== undefined) patch.email = input.email;
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.timezone !== undefined) patch.timezone = input.timezone;
      if (input.phone !== undefined) patch.phone = input.phone;
      if (input.position !== undefined) patch.position = input.position;
      if (input.company_name !== undefined) patch.companyName = input.company_name;
      if (input.contact_person !== undefined) patch.contactPerson = input.contact_person;
      if (passwordHash) patch.passwordHash = passwordHash;
      const [after] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();

      if (input.team_ids) await replaceTeams(tx, id, input.team_ids);
      // A user who is no longer a client has no managers; one no longer a manager supervises no client.
      if (!isClient) await tx.delete(clientManagers).where(eq(clientManagers.clientId, id));
      else if (input.manager_ids) await replaceManagers(tx, id, input.manager_ids);
      if (!roles.includes('manager')) await tx.delete(clientManagers).where(eq(clientManagers.managerId, id));
      if (before.status === 'active' && status !== 'active')
        await onDeactivated(tx, auth.organizationId, id, now);

      await audit(tx, {
        organizationId: auth.organizationId,
        actorId: auth.userId,
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

export async function setUserPassword(deps: Deps, auth: AuthContext, id: number, password: string) {
  await target(deps.db, auth, id);
  const passwordHash = await hashPassword(password);
  await deps.transaction(async ({ tx }) => {
    await tx.update(users).set({ passwordHash, updatedAt: deps.clock.now() }).where(eq(users.id, id));
    await audit(tx, {
      organizationId: auth.organizationId,
      actorId: auth.userId,
      action: 'user.password_set',
      entityType: 'user',
      entityId: id,
      before: null,
      after: { password_changed: true },
    });
  });
}

export async function revokeUserSessions(
  deps: Deps,
  auth: AuthContext,
  id: number,
  revokeAll: (userId: number, reason: string) => Promise<number>,
) {
  await target(deps.db, auth, id);
  const revoked = await revokeAll(id, 'admin');
  await deps.transaction(({ tx }) =>
    audit(tx, {
      organizationId: auth.organizationId,
      actorId: auth.userId,
      action: 'user.sessions_revoked',
      entityType: 'user',
      entityId: id,
      before: null,
      after: { revoked },
    }),
  );
  return { revoked };
}

/** What keeps a user from being deleted: anything that would lose history. */
async function hasHistory(db: Db, organizationId: number, id: number): Promise<boolean> {
  const checks = await Promise.all([
    db
      .select({ id: contracts.id })
      .from(contracts)
      .where(or(eq(contracts.vaId, id), eq(contracts.clientId, id)))
      .limit(1),
    db.select({ id: teams.id }).from(teams).where(eq(teams.leaderId, id)).limit(1),
    db.select({ id: organizations.id }).from(organizations).where(eq(organizations.ownerId, id)).limit(1),
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.actorId, id)))
      .limit(1),
  ]);
  return checks.some((rows) => rows.length > 0);
}

export async function deleteUser(deps: Deps, auth: AuthContext, id: number) {
  const before = await target(deps.db, auth, id);
  if (id === auth.userId) throw fieldError('id', USER_MESSAGES.delete_self);
  await deps.transaction(async ({ tx }) => {
    if (await hasHistory(tx, auth.organizationId, id))
      throw new AppError('conflict', USER_MESSAGES.delete_with_history);
    const teamIds = await teamIdsOf(tx, id);
    const managerIds = await managerIdsOf(tx, id);
    // Memberships, client managers and sessions go with the row (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, {
      organizationId: auth.organizationId,
      actorId: auth.userId,
      action: 'user.deleted',
      entityType: 'user',
      entityId: id,
      before: userSnapshot(before, { team_ids: teamIds, manager_ids: managerIds }),
      after: null,
    });
  });
}

/** `POST client/{id}/managers`: the client's managers become exactly `managerIds`. */
export async function setClientManagers(
  deps: Deps,
  auth: AuthContext,
  clientId: number,
  managerIds: number[],
) {
  const client = await target(deps.db, auth, clientId);
  if (!client.roles.includes('client')) throw fieldError('id', 'This user is not a client.');
  await deps.transaction(async ({ tx }) => {
    await assertOrgManagers(tx, auth.organizationId, managerIds);
    const before = await managerIdsOf(tx, clientId);
    await replaceManagers(tx, clientId, managerIds);
    await audit(tx, {
      organizationId: auth.organizationId,
      actorId: auth.userId,
      action: 'client.managers_set',
      entityType: 'user',
      entityId: clientId,
      before: { manager_ids: before },
      after: { manager_ids: [...managerIds].sort((a, b) => a - b) },
    });
  });
}
