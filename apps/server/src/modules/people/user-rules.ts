import { msg } from '@vahub/shared/api/messages';
import { activeRole, isRole, type Role } from '@vahub/shared/auth/roles';
import { isUserLimitReached } from '@vahub/shared/organization/schemas';
import { TEAM_MESSAGES } from '@vahub/shared/teams/schemas';
import { roleFlagIssues, USER_MESSAGES } from '@vahub/shared/users/payloads';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import type { Tx } from '../../platform/transaction';
import { lockOrganizationSeats } from '../organizations/public';
import { clientManagers } from './client-managers.table';
import { activeUserCount } from './people.lookup';
import { teamMembers, teams } from './teams.table';
import { orgUserIds } from './users.repository';

/**
 * The roles a user ends up with: the selected `role` plus the extra `roles`. Checks the spec's flag rule
 * against the selected role (the highest held one when none is sent) and who may grant super admin.
 */
export function resolveRoles(
  actor: { isSuperAdmin: boolean },
  input: { role?: Role; roles?: Role[]; is_admin?: boolean; is_client?: boolean },
  current: string[] = [],
): string[] {
  const changing = input.role !== undefined || input.roles !== undefined;
  const next = changing
    ? [...new Set([...(input.role ? [input.role] : []), ...(input.roles ?? [])])]
    : current.filter(isRole);
  if (!next.length) throw fieldError('role', USER_MESSAGES.roles_required);
  const selected = input.role ?? activeRole({ roles: next }) ?? undefined;
  const issue = roleFlagIssues({ role: selected, is_admin: input.is_admin, is_client: input.is_client })[0];
  if (issue) throw fieldError(issue.path, issue.message);
  const grantsSuper = next.includes('super_admin') && !current.includes('super_admin');
  if (grantsSuper && !actor.isSuperAdmin) throw fieldError('roles', USER_MESSAGES.super_admin_only);
  if (input.is_admin && !next.includes('admin')) next.push('admin');
  if (input.is_client && !next.includes('client')) next.push('client');
  return next;
}

/**
 * Locks the organization (so two admins cannot both take the last seat), checks the user limit, and
 * answers the organization's default time zone.
 */
export async function takeSeat(tx: Tx, organizationId: number, needsSeat: boolean): Promise<string> {
  const org = await lockOrganizationSeats(tx, organizationId);
  if (!org) return 'UTC';
  if (!needsSeat) return org.timezone;
  const count = await activeUserCount(tx, organizationId);
  if (isUserLimitReached({ id: org.id, user_count: count, max_users: org.maxUsers })) {
    const message = msg(USER_MESSAGES.user_limit, { max: org.maxUsers ?? 0 });
    throw new AppError('validation', message, { status: [message] });
  }
  return org.timezone;
}

export async function assertOrgTeams(tx: Db, organizationId: number, ids: number[]) {
  if (!ids.length) return;
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, ids)));
  if (rows.length !== ids.length) throw fieldError('team_ids', TEAM_MESSAGES.team_unknown);
}

export async function assertOrgManagers(tx: Db, organizationId: number, ids: number[]) {
  const found = await orgUserIds(tx, organizationId, ids, 'manager');
  if (found.length !== ids.length) throw fieldError('manager_ids', USER_MESSAGES.manager_unknown);
}

export async function replaceTeams(tx: Tx, userId: number, teamIds: number[]) {
  await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
  if (teamIds.length) await tx.insert(teamMembers).values(teamIds.map((teamId) => ({ teamId, userId })));
}

export async function replaceManagers(tx: Tx, clientId: number, managerIds: number[]) {
  await tx.delete(clientManagers).where(eq(clientManagers.clientId, clientId));
  if (managerIds.length)
    await tx.insert(clientManagers).values(managerIds.map((managerId) => ({ clientId, managerId })));
}

export { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql';
