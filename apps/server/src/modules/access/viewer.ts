import { ADMIN_ROLES, AREA_ROLES, type Area, DASHBOARD_ROLES, type Role } from '@vahub/shared/auth/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { ActingRole, IdColumn, Scope, ViewerFactory } from '../../lib/viewer';
import { clientIdsOfVaSql, vaIdsOfClientsSql } from '../contracts/public';
import { ledTeamMemberIdsSql, managedClientIdsSql } from '../people/public';

const all = sql`true`;
const inSet = (column: IdColumn, set: SQL) => sql`${column} in ${set}`;
const is = (column: IdColumn, id: number) => sql`${column} = ${id}`;
const anyOf = (...parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;

/** The role a request acts as: the area's (a super admin acts as admin there), else the highest held. */
function actingRole(roles: readonly Role[], area: Area | null): ActingRole {
  if (area === 'super-admin') return 'super_admin';
  if (area === 'admin') return roles.includes('admin') ? 'admin' : 'super_admin';
  if (area) return AREA_ROLES[area][0] as ActingRole;
  if (roles.includes('super_admin')) return 'super_admin';
  return DASHBOARD_ROLES.find((r) => roles.includes(r)) ?? 'va';
}

/** DOMAIN.md "Tenancy and roles", beyond the organization, as SQL. */
function scopeFor(role: ActingRole, userId: number): Scope {
  switch (role) {
    case 'super_admin':
    case 'admin':
      return { users: () => all, clients: () => all, vas: () => all };
    case 'manager': {
      const clients = managedClientIdsSql(userId);
      const vas = (c: IdColumn) =>
        anyOf(inSet(c, vaIdsOfClientsSql(clients)), inSet(c, ledTeamMemberIdsSql(userId)));
      return {
        users: (c) => anyOf(inSet(c, clients), vas(c)),
        clients: (c) => inSet(c, clients),
        vas,
      };
    }
    case 'client': {
      const vas = (c: IdColumn) => inSet(c, vaIdsOfClientsSql(sql`(${userId})`));
      return { users: (c) => anyOf(is(c, userId), vas(c)), clients: (c) => is(c, userId), vas };
    }
    case 'va':
      return {
        users: (c) => is(c, userId),
        clients: (c) => inSet(c, clientIdsOfVaSql(userId)),
        vas: (c) => is(c, userId),
      };
  }
}

/** Builds the viewer of a request (see `lib/viewer.ts`); nothing here queries the database. */
export const createViewer: ViewerFactory = (auth, area) => {
  const role = actingRole(auth.roles, area);
  return {
    userId: auth.userId,
    organizationId: auth.organizationId,
    roles: auth.roles,
    sessionId: auth.sessionId,
    timezone: auth.timezone,
    role,
    isAdmin: (ADMIN_ROLES as readonly string[]).includes(role),
    isSuperAdmin: auth.roles.includes('super_admin'),
    scope: scopeFor(role, auth.userId),
  };
};
