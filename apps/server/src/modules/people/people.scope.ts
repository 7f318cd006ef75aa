import { type SQL, sql } from 'drizzle-orm';
import { clientManagers } from './client-managers.table';
import { teamMembers, teams } from './teams.table';

/** Subquery: the clients assigned to a manager. */
export const managedClientIdsSql = (managerId: number): SQL =>
  sql`(select ${clientManagers.clientId} from ${clientManagers} where ${clientManagers.managerId} = ${managerId})`;

/** Subquery: the members of the teams a user leads. */
export const ledTeamMemberIdsSql = (leaderId: number): SQL =>
  sql`(select ${teamMembers.userId} from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teams.leaderId} = ${leaderId})`;
