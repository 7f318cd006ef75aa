import { isRole } from '@vahub/shared/auth/roles';
import type { UserDetail, UserOption, UsersQuery } from '@vahub/shared/users/schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { iso } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { AuthContext } from '../../plugins/authenticate';
import { managedUserIds } from '../access/scope';
import { organizations } from '../organizations/organizations.table';
import { fullName, roleObjects, toUserRow } from './people.mapper';
import {
  activeSessionCount,
  findOrgUser,
  managerIdsOf,
  pageUsers,
  relatedOf,
  teamIdsOf,
  type UserFilters,
  userConditions,
  userOrder,
} from './users.repository';
import { type UserRow, users } from './users.table';

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

/** Admin: everyone in the organization. */
export async function listOrgUsers(deps: Deps, auth: AuthContext, q: UsersQuery) {
  const { data, meta } = await page(deps, { organizationId: auth.organizationId, ...filtersOf(q) }, q);
  return { data, meta };
}

/** Manager: the people they supervise (DOMAIN.md), nobody else. */
export async function listManagedUsers(deps: Deps, auth: AuthContext, q: UsersQuery) {
  const onlyIds = await managedUserIds(deps.db, auth);
  const { data, meta } = await page(
    deps,
    { organizationId: auth.organizationId, onlyIds, ...filtersOf(q) },
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
  const orgIds = [...new Set(rows.map((r) => r.organizationId))];
  const orgs = orgIds.length
    ? await deps.db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, orgIds))
    : [];
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  return { data: data.map((u) => ({ ...u, organization_name: names.get(u.organization_id) ?? '' })), meta };
}

/** Admin pickers: id, name, email, roles, status, timezone of everyone matching, by name. */
export async function userOptions(
  deps: Deps,
  auth: AuthContext,
  q: { roles?: UsersQuery['roles']; role?: UsersQuery['role']; status?: UsersQuery['status'] },
): Promise<{ data: UserOption[] }> {
  const where = userConditions({
    organizationId: auth.organizationId,
    roles: [...(q.roles ?? []), ...(q.role ? [q.role] : [])],
    status: q.status,
  });
  const rows = await deps.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      roles: users.roles,
      status: users.status,
      timezone: users.timezone,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
  return {
    data: rows.map((u) => ({
      id: u.id,
      name: fullName(u),
      email: u.email,
      roles: roleObjects(u.roles),
      status: u.status,
      timezone: u.timezone,
    })),
  };
}

export async function userDetail(deps: Deps, row: UserRow): Promise<UserDetail> {
  const [related, teamIds, managerIds, sessions] = await Promise.all([
    relatedOf(deps.db, [row]),
    teamIdsOf(deps.db, row.id),
    row.roles.includes('client') ? managerIdsOf(deps.db, row.id) : Promise.resolve([]),
    activeSessionCount(deps.db, row.id, deps.clock.now()),
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
  };
}

/** Admin: any user of the organization. */
export async function getOrgUser(deps: Deps, auth: AuthContext, id: number) {
  const row = await findOrgUser(deps.db, auth.organizationId, id);
  if (!row) throw notFound('User');
  return userDetail(deps, row);
}

/** Manager: only someone they supervise (404 otherwise, never revealing existence). */
export async function getManagedUser(deps: Deps, auth: AuthContext, id: number) {
  const scope = await managedUserIds(deps.db, auth);
  if (!scope.includes(id)) throw notFound('User');
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, auth.organizationId)))
    .limit(1);
  if (!row) throw notFound('User');
  return userDetail(deps, row);
}
