import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/authenticate';
import { contracts } from '../contracts/contracts.table';
import { clientManagers } from '../people/client-managers.table';
import { teamMembers, teams } from '../people/teams.table';
import { users } from '../people/users.table';

/**
 * Visibility beyond the organization (DOMAIN.md "Tenancy and roles"). Every query of a scoped area goes
 * through these. A row outside the scope answers 404, never 403.
 */

/** Clients assigned to a manager. */
export async function managedClientIds(db: Db, auth: AuthContext): Promise<number[]> {
  const rows = await db
    .select({ id: clientManagers.clientId })
    .from(clientManagers)
    .innerJoin(users, eq(users.id, clientManagers.clientId))
    .where(and(eq(clientManagers.managerId, auth.userId), eq(users.organizationId, auth.organizationId)));
  return rows.map((r) => r.id);
}

/**
 * Everyone a manager supervises: their clients, the VAs under those clients' contracts (any status but
 * draft), and the members of the teams they lead.
 */
export async function managedUserIds(db: Db, auth: AuthContext): Promise<number[]> {
  const clientIds = await managedClientIds(db, auth);
  const ids = new Set<number>(clientIds);
  if (clientIds.length) {
    const vas = await db
      .selectDistinct({ id: contracts.vaId })
      .from(contracts)
      .where(
        and(
          eq(contracts.organizationId, auth.organizationId),
          inArray(contracts.clientId, clientIds),
          sql`${contracts.status} <> 'draft'`,
        ),
      );
    for (const v of vas) ids.add(v.id);
  }
  const members = await db
    .selectDistinct({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teams.leaderId, auth.userId), eq(teams.organizationId, auth.organizationId)));
  for (const m of members) ids.add(m.id);
  ids.delete(auth.userId);
  return [...ids];
}

/** VAs a client may see: those holding a contract (not a draft) with the client. */
export async function clientVaIds(db: Db, auth: AuthContext): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: contracts.vaId })
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, auth.organizationId),
        eq(contracts.clientId, auth.userId),
        sql`${contracts.status} <> 'draft'`,
      ),
    );
  return rows.map((r) => r.id);
}

export const isAdminAuth = (auth: AuthContext) =>
  auth.roles.includes('admin') || auth.roles.includes('super_admin');
