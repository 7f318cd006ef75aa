import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Scope, Viewer } from '../../lib/viewer';
import { clientManagers } from './client-managers.table';
import { teamMembers, teams } from './teams.table';
import { users } from './users.table';

// Subqueries of user ids other modules put in their scope rules (`in <subquery>`, or `from <subquery> as x(id)`).

/** Subquery: the clients assigned to a manager. */
export const managedClientIdsSql = (managerId: number): SQL =>
  sql`(select ${clientManagers.clientId} from ${clientManagers} where ${clientManagers.managerId} = ${managerId})`;

/** Subquery: the members of the teams a user leads. */
export const ledTeamMemberIdsSql = (leaderId: number): SQL =>
  sql`(select ${teamMembers.userId} from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teams.leaderId} = ${leaderId})`;

/** Subquery: the admins and super admins of an organization. */
export const orgAdminIdsSql = (organizationId: number): SQL =>
  sql`(select ${users.id} from ${users} where ${users.organizationId} = ${organizationId} and ${users.roles} && array['admin', 'super_admin']::text[])`;

/** Subquery: the managers of the clients in `clientIds` (a subquery). */
export const managerIdsOfClientsSql = (clientIds: SQL): SQL =>
  sql`(select ${clientManagers.managerId} from ${clientManagers} where ${clientManagers.clientId} in ${clientIds})`;

/** Subquery: the leaders of the organization's teams a user is a member of. */
export const leaderIdsOfMemberSql = (memberId: number, organizationId: number): SQL =>
  sql`(select ${teams.leaderId} from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teamMembers.userId} = ${memberId} and ${teams.organizationId} = ${organizationId} and ${teams.leaderId} is not null)`;

/** Whether a user of the viewer's organization lies in one of the viewer's scopes (a filter's id, say). */
export async function isInViewerScope(db: Db, viewer: Viewer, scope: keyof Scope, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organizationId, viewer.organizationId), eq(users.id, id), viewer.scope[scope](users.id)),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The teams a viewer may see, with their members (DOMAIN.md "Tenancy and roles"): admins every team of
 * the organization; anyone else the teams they lead or belong to.
 */
export function teamsVisibleTo(viewer: Viewer): SQL {
  const org = eq(teams.organizationId, viewer.organizationId);
  if (viewer.isAdmin) return org;
  const member = sql`${teams.id} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${viewer.userId})`;
  return and(org, or(eq(teams.leaderId, viewer.userId), member)) as SQL;
}

/** Whether the viewer may see this team (for a `team_id` filter: 404 otherwise). */
export async function isTeamVisibleTo(db: Db, viewer: Viewer, teamId: number) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), teamsVisibleTo(viewer)))
    .limit(1);
  return Boolean(row);
}
