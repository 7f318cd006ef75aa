import { type SQL, sql } from 'drizzle-orm';
import { teamMembers, teams } from './teams.table';

/**
 * Subquery `(id, name)`: the organization's teams, or the one `teamId` names (the timesheets' team summary has
 * a row per team, members or not).
 */
export const organizationTeamsSql = (organizationId: number, teamId?: number): SQL =>
  sql`(select ${teams.id} as id, ${teams.name} as name from ${teams} where ${teams.organizationId} = ${organizationId}${teamId ? sql` and ${teams.id} = ${teamId}` : sql``})`;

/** Subquery `(team_id, user_id)`: every membership of the organization's teams. */
export const teamMembershipsSql = (organizationId: number): SQL =>
  sql`(select ${teamMembers.teamId} as team_id, ${teamMembers.userId} as user_id from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teams.organizationId} = ${organizationId})`;
