import { type SQL, sql } from 'drizzle-orm';
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
