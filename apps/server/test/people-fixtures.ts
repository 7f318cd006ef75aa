import type { Role } from '@vahub/shared/auth/roles';
import { contracts } from '../src/modules/contracts/contracts.table';
import { clientManagers } from '../src/modules/people/client-managers.table';
import { teamMembers, teams } from '../src/modules/people/teams.table';
import { useWorld } from './attendance-world';
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
export type PeopleFixtures = ReturnType<typeof peopleFixtures>;

/**
 * A small organization with a manager's scope in it: two managers, clients in two statuses assigned to
 * them, VAs under active and draft contracts, and a team the manager leads. Shared by the list tests.
 */
export async function seedManagedWorld(f: ReturnType<typeof peopleFixtures>) {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + i));
  const ids = {
    admin: (
      await f.user('admin@home.test', 'admin', { firstName: 'Ada', lastName: 'Admin', createdAt: at(0) })
    ).id,
    manager: (
      await f.user('manager@home.test', 'manager', {
        firstName: 'Mia',
        lastName: 'Manager',
        createdAt: at(1),
      })
    ).id,
    other: (
      await f.user('other.manager@home.test', 'manager', {
        firstName: 'Otto',
        lastName: 'Other',
        createdAt: at(2),
      })
    ).id,
    mine: (
      await f.user('mine@acme.test', 'client', {
        firstName: 'Carla',
        lastName: 'Mine',
        companyName: 'Acme Corp',
        createdAt: at(3),
      })
    ).id,
    held: (
      await f.user('held@beta.test', 'client', {
        firstName: 'Hank',
        lastName: 'Held',
        companyName: 'Beta Inc',
        status: 'onhold',
        createdAt: at(4),
      })
    ).id,
    theirs: (
      await f.user('theirs@gamma.test', 'client', {
        firstName: 'Tara',
        lastName: 'Theirs',
        companyName: 'Gamma',
        createdAt: at(5),
      })
    ).id,
    va1: (
      await f.user('va1@home.test', 'va', {
        firstName: 'Zed',
        lastName: 'Alpha',
        timezone: 'Asia/Manila',
        createdAt: at(6),
        lastLoginAt: at(30),
      })
    ).id,
    va2: (
      await f.user('va2@home.test', 'va', {
        firstName: 'Bea',
        lastName: 'Beta',
        timezone: 'Asia/Kolkata',
        status: 'inactive',
        createdAt: at(7),
      })
    ).id,
    va3: (await f.user('va3@home.test', 'va', { firstName: 'Cy', lastName: 'Gamma', createdAt: at(8) })).id,
    va4: (await f.user('va4@home.test', 'va', { firstName: 'Dee', lastName: 'Delta', createdAt: at(9) })).id,
  };
  await f.assign(ids.mine, ids.manager);
  await f.assign(ids.held, ids.manager);
  await f.assign(ids.theirs, ids.other);
  await f.contract(ids.va1, ids.mine, 'active'); // under my client
  await f.contract(ids.va3, ids.mine, 'draft'); // a draft does not count
  await f.contract(ids.va4, ids.theirs, 'active'); // someone else's
  await f.team('Night shift', ids.manager, [ids.va2]); // a team I lead
  return ids;
}
export type ManagedIds = Awaited<ReturnType<typeof seedManagedWorld>>;

/** The managed world's admin and manager (seedManagedWorld). */
export const ADMIN = 'admin@home.test';
export const MANAGER = 'manager@home.test';

/**
 * The prologue of the list tests over seedManagedWorld: one harness for the file, closed after it; before each
 * test a reset database, the clock at Monday 2026-03-02 09:00 UTC and the world seeded. `set` hands the
 * harness, its fixtures and the world's ids to the file's variables.
 */
export function useManagedWorld(set: (h: Harness, f: PeopleFixtures, ids: ManagedIds) => void) {
  useWorld(
    'each',
    async (h) => {
      h.clock.set('2026-03-02T09:00:00Z');
      const f = peopleFixtures(h);
      return { f, ids: await seedManagedWorld(f) };
    },
    (h, { f, ids }) => set(h, f, ids),
  );
}

/** The names of a list's rows, in order. */
export const names = (body: Record<string, unknown>) =>
  (body.data as Array<{ name: string }>).map((u) => u.name);

/** One person of each role in the home organization, for the user-admin tests. */
export async function seedOnePerRole(f: ReturnType<typeof peopleFixtures>) {
  const ids = {
    root: (await f.user('root@home.test', 'super_admin')).id,
    admin: (await f.user('admin@home.test', 'admin', { firstName: 'Ada', lastName: 'Admin' })).id,
    manager: (await f.user('manager@home.test', 'manager', { firstName: 'Mia', lastName: 'Manager' })).id,
    client: (
      await f.user('client@home.test', 'client', {
        firstName: 'Cole',
        lastName: 'Client',
        companyName: 'Acme Ltd',
      })
    ).id,
    va: (
      await f.user('va@home.test', 'va', { firstName: 'Vic', lastName: 'Assistant', timezone: 'Asia/Manila' })
    ).id,
  };
  return ids;
}
