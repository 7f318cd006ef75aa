import { msg } from '@vahub/shared/api/messages';
import { activeRole, isRole, type Role } from '@vahub/shared/auth/roles';
import { isUserLimitReached } from '@vahub/shared/organization/schemas';
import { roleFlagIssues, USER_MESSAGES } from '@vahub/shared/users/payloads';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import { raiseEvent } from '../../platform/events/raise';
import type { AuthContext } from '../../plugins/authenticate';
import { authSessions } from '../auth/auth.table';
import { organizations } from '../organizations/organizations.table';
import { clientManagers } from './client-managers.table';
import { teamMembers, teams } from './teams.table';
import { activeUsers, orgUserIds } from './users.repository';

const isSuper = (auth: AuthContext) => auth.roles.includes('super_admin');

/**
 * The roles a user ends up with: the selected `role` plus the extra `roles`. Checks the spec's flag rule
 * against the selected role (the highest held one when none is sent) and who may grant super admin.
 */
export function resolveRoles(
  auth: AuthContext,
  input: { role?: Role; roles?: Role[]; is_admin?: boolean; is_client?: boolean },
  current: string[] = [],
): string[] {
  const changing = input.role !== undefined || input.roles !== undefined;
  const next = changing
    ? [...new Set([...(input.role ? [input.role] : []), ...(input.roles ?? [])])]
    : current.filter(isRole);
  if (!next.length) throw fieldError('role', 'Choose at least one role.');
  const selected = input.role ?? activeRole({ roles: next }) ?? undefined;
  const issue = roleFlagIssues({ role: selected, is_admin: input.is_admin, is_client: input.is_client })[0];
  if (issue) throw fieldError(issue.path, issue.message);
  const grantsSuper = next.includes('super_admin') && !current.includes('super_admin');
  if (grantsSuper && !isSuper(auth)) throw fieldError('roles', USER_MESSAGES.super_admin_only);
  if (input.is_admin && !next.includes('admin')) next.push('admin');
  if (input.is_client && !next.includes('client')) next.push('client');
  return next;
}

/** Locks the organization row so two admins cannot both take the last seat, then checks the limit. */
export async function assertSeatFree(tx: Db, organizationId: number) {
  const [org] = await tx
    .select({ id: organizations.id, maxUsers: organizations.maxUsers })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!org) return;
  const count = await activeUsers(tx, organizationId);
  if (isUserLimitReached({ id: org.id, user_count: count, max_users: org.maxUsers })) {
    const message = msg(USER_MESSAGES.user_limit, { max: org.maxUsers ?? 0 });
    throw new AppError('validation', message, { status: [message] });
  }
}

export async function assertOrgTeams(tx: Db, organizationId: number, ids: number[]) {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, ids)));
  if (rows.length !== ids.length)
    throw fieldError('team_ids', 'Every team must be a team of your organization.');
}

export async function assertOrgManagers(tx: Db, organizationId: number, ids: number[]) {
  const found = await orgUserIds(tx, organizationId, ids, 'manager');
  if (found.length !== ids.length)
    throw fieldError('manager_ids', 'Every manager must be a manager of your organization.');
}

export async function replaceTeams(tx: Db, userId: number, teamIds: number[]) {
  await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
  if (teamIds.length) await tx.insert(teamMembers).values(teamIds.map((teamId) => ({ teamId, userId })));
}

export async function replaceManagers(tx: Db, clientId: number, managerIds: number[]) {
  await tx.delete(clientManagers).where(eq(clientManagers.clientId, clientId));
  if (managerIds.length)
    await tx.insert(clientManagers).values(managerIds.map((managerId) => ({ clientId, managerId })));
}

/** Someone leaving `active`: their sessions end at once and the attendance engine hears of it. */
export async function onDeactivated(tx: Db, organizationId: number, userId: number, now: Date) {
  await tx
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: 'deactivated' })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  await raiseEvent(tx, organizationId, 'user.deactivated', { user_id: userId });
}

/** A unique index refused the write (two requests raced past the check); Drizzle may wrap the driver error. */
export function isUniqueViolation(err: unknown): boolean {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  const cause = err && typeof err === 'object' && 'cause' in err ? err.cause : undefined;
  return codeOf(err) === '23505' || codeOf(cause) === '23505';
}
