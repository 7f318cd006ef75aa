import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contracts } from '../contracts/contracts.table';
import { teamMembers, teams } from '../teams/teams.table';
import { clientManagers } from '../users/client-managers.table';
import { users } from '../users/users.table';

/**
 * The active users of the organization allowed to see this VA (DOMAIN.md "Tenancy and roles"), in one
 * query: admins and super admins of the organization, the VA, clients holding a non-draft contract with
 * the VA, managers of those clients, and managers leading a team the VA is in. A VA of another
 * organization yields nobody, so a message about them can never cross organizations.
 */
export async function usersWhoSeeVa(db: Db, organizationId: number, vaId: number): Promise<number[]> {
  const u = users;
  const c = contracts;
  const result = await db.execute<{ id: number }>(sql`
    select ${u.id} as id
    from ${u}
    where ${u.organizationId} = ${organizationId}
      and ${u.status} = 'active'
      and exists (select 1 from ${users} va where va.id = ${vaId} and va.organization_id = ${organizationId})
      and (
        ${u.id} = ${vaId}
        or ${u.roles} && array['admin', 'super_admin']::text[]
        or ('client' = any(${u.roles}) and exists (
          select 1 from ${c}
          where ${c.organizationId} = ${organizationId} and ${c.vaId} = ${vaId}
            and ${c.status} <> 'draft' and ${c.clientId} = ${u.id}))
        or ('manager' = any(${u.roles}) and exists (
          select 1 from ${c}
          join ${clientManagers} on ${clientManagers.clientId} = ${c.clientId}
          where ${c.organizationId} = ${organizationId} and ${c.vaId} = ${vaId}
            and ${c.status} <> 'draft' and ${clientManagers.managerId} = ${u.id}))
        or ('manager' = any(${u.roles}) and exists (
          select 1 from ${teamMembers}
          join ${teams} on ${teams.id} = ${teamMembers.teamId}
          where ${teamMembers.userId} = ${vaId} and ${teams.organizationId} = ${organizationId}
            and ${teams.leaderId} = ${u.id}))
      )`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}
