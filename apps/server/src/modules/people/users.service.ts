import { isRole } from '@vahub/shared/auth/roles';
import { TEAM_MESSAGES } from '@vahub/shared/teams/schemas';
import { USER_MESSAGES } from '@vahub/shared/users/payloads';
import type { UserDetail, UserOption, UsersQuery } from '@vahub/shared/users/schemas';
import { and, ne, type SQL } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { organizationNames } from '../organizations/public';
import { fullName, roleObjects, toUserRow } from './people.mapper';
import { userSessionsPort } from './people.ports';
import { isTeamVisibleTo } from './people.scope';
import {
  findScopedUser,
  managerIdsOf,
  pageUsers,
  relatedOf,
  teamIdsOf,
  type UserFilters,
  userConditions,
  userOptionRows,
  userOrder,
} from './users.repository';
import { type UserRow, users } from './users.table';

export const userNotFound = () => new AppError('not_found', USER_MESSAGES.not_found);

/**
 * The people a viewer may see beyond the organization (DOMAIN.md): admins everyone; a manager the people
 * they supervise, which never includes themself.
 */
export function peopleScope(viewer: Viewer): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  return and(viewer.scope.users(users.id), ne(users.id, viewer.userId));
}

const filtersOf = (q: UsersQuery) => ({
  search: q.search || undefined,
  roles: [...(q.roles ?? []), ...(q.role ? [q.role] : [])],
  status: q.status,
  teamId: q.team_id,
});

async function page(deps: Deps, filters: UserFilters, q: UsersQuery) {
  const { rows, total } = await pageUsers(
    deps.db,
    userConditions(filters),
    userOrder(q.sort),
    q.page,
    q.per_page,
  );
  const related = await relatedOf(deps.db, rows);
  return {
    rows,
    data: rows.map((r) => toUserRow(r, related)),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}

/** Admin: everyone in the organization; manager: the people they supervise, nobody else. */
export async function listUsers(deps: Deps, viewer: Viewer, q: UsersQuery) {
  // Filtering by a team tells who is in it: only a team the viewer may see (else 404, as the team itself).
  if (q.team_id && !(await isTeamVisibleTo(deps.db, viewer, q.team_id)))
    throw new AppError('not_found', TEAM_MESSAGES.not_found);
  const { data, meta } = await page(
    deps,
    { organizationId: viewer.organizationId, scope: peopleScope(viewer), ...filtersOf(q) },
    q,
  );
  return { data, meta };
}

/** Super admin: every organization, optionally one. */
export async function listAllUsers(deps: Deps, q: UsersQuery & { organization_id?: number }) {
  const { rows, data, meta } = await page(
    deps,
    { organizationId: q.organization_id ?? null, ...filtersOf(q) },
    q,
  );
  const names = await organizationNames(deps.db, [...new Set(rows.map((r) => r.organizationId))]);
  return { data: data.map((u) => ({ ...u, organization_name: names.get(u.organization_id) ?? '' })), meta };
}

/** Admin pickers: id, name, email, roles, status, timezone of everyone matching, by name. */
export async function userOptions(
  deps: Deps,
  viewer: Viewer,
  q: { roles?: UsersQuery['roles']; role?: UsersQuery['role']; status?: UsersQuery['status'] },
): Promise<{ data: UserOption[] }> {
  const where = userConditions({
    organizationId: viewer.organizationId,
    scope: peopleScope(viewer),
    roles: [...(q.roles ?? []), ...(q.role ? [q.role] : [])],
    status: q.status,
  });
  const rows = await userOptionRows(deps.db, where);
  return {
    data: rows.map((u) => ({
      id: u.id,
      name: fullName(u),
      email: u.email,
      roles: roleObjects(u.roles),
      status: u.status,
      timezone: u.timezone,
      company_name: u.companyName,
    })),
  };
}

export async function userDetail(deps: Deps, row: UserRow): Promise<UserDetail> {
  const [related, teamIds, managerIds, sessions] = await Promise.all([
    relatedOf(deps.db, [row]),
    teamIdsOf(deps.db, row.id),
    row.roles.includes('client') ? managerIdsOf(deps.db, row.id) : Promise.resolve([]),
    userSessionsPort.get().activeSessionCount(deps.db, row.id, deps.clock.now()),
  ]);
  const roles = row.roles.filter(isRole);
  return {
    ...toUserRow(row, related),
    locale: row.locale,
    team_ids: teamIds,
    manager_ids: managerIds,
    is_admin: roles.includes('admin') || roles.includes('super_admin'),
    is_manager: roles.includes('manager'),
    is_client: roles.includes('client'),
    is_va: roles.includes('va'),
    active_sessions: sessions,
    updated_at: iso(row.updatedAt) ?? '',
    password_set: row.passwordHash !== null,
  };
}

/** One person the viewer may see, in full; 404 outside their scope (never revealing existence). */
export async function getUser(deps: Deps, viewer: Viewer, id: number) {
  const row = await findScopedUser(deps.db, viewer.organizationId, id, peopleScope(viewer));
  if (!row) throw userNotFound();
  return userDetail(deps, row);
}
