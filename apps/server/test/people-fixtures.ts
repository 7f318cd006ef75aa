import type { Role } from '@vahub/shared/auth/roles';
import { contracts } from '../src/modules/contracts/contracts.table';
import { teamMembers, teams } from '../src/modules/teams/teams.table';
import { clientManagers } from '../src/modules/users/client-managers.table';
import type { Harness } from './harness';

/** Shorthands for the people tests: a request as someone, and rows inserted straight into the database. */
export function peopleFixtures(h: Harness) {
  const as = async (
    email: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    const res = await h.app.inject({ method, url, headers: await h.bearer(email), payload });
    return { status: res.statusCode, body: res.body ? (res.json() as Record<string, unknown>) : {}, res };
  };
  const user = (
    email: string,
    role: Role,
    fields: Parameters<Harness['createUser']>[0] extends infer F ? Partial<F> : never = {},
  ) => h.createUser({ email, roles: [role], ...fields });
  const contract = async (
    vaId: number,
    clientId: number,
    status: 'draft' | 'active' = 'active',
    organizationId = 1,
  ) => {
    const [row] = await h.db
      .insert(contracts)
      .values({
        organizationId,
        vaId,
        clientId,
        title: 'Support',
        status,
        startDate: '2026-01-01',
        timezone: 'UTC',
      })
      .returning();
    return row;
  };
  const assign = (clientId: number, managerId: number) =>
    h.db.insert(clientManagers).values({ clientId, managerId });
  const team = async (name: string, leaderId: number | null, memberIds: number[], organizationId = 1) => {
    const [row] = await h.db.insert(teams).values({ organizationId, name, leaderId }).returning();
    if (memberIds.length)
      await h.db.insert(teamMembers).values(memberIds.map((userId) => ({ teamId: row.id, userId })));
    return row;
  };
  return { as, user, contract, assign, team };
}
