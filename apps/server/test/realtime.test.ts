import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersWhoSeeVa } from '../src/modules/access/visibility';
import { contracts } from '../src/modules/contracts/contracts.table';
import { clientManagers } from '../src/modules/people/client-managers.table';
import { teamMembers, teams } from '../src/modules/people/teams.table';
import { users } from '../src/modules/people/users.table';
import type { Audience } from '../src/platform/realtime/types';
import { createHarness, type Harness } from './harness';
import { listen, realtimeOf, TestSocket } from './realtime-helpers';

let h: Harness;
let url: string;
/** Every user of the fixture, by name, with an open signed-in socket. */
const people: Record<string, { id: number; socket: TestSocket }> = {};

const NAMES = [
  'admin',
  'va',
  'va2',
  'client',
  'client2',
  'draftClient',
  'manager',
  'manager2',
  'leader',
  'otherAdmin',
  'otherManager',
] as const;
type Name = (typeof NAMES)[number];

beforeAll(async () => {
  // Heartbeats run by hand (`tick`), so no test depends on timing.
  h = await createHarness({}, { realtime: { heartbeatMs: 3_600_000, authTimeoutMs: 300 } });
  await h.reset();
  url = await listen(h.app);
  const other = await h.createOrg('Other Agency');
  const make = (email: string, roles: string[], organizationId = 1) =>
    h.createUser({ email, roles, organizationId });
  const ids = {
    admin: (await make('admin@home.test', ['admin'])).id,
    va: (await make('va@home.test', ['va'])).id,
    va2: (await make('va2@home.test', ['va'])).id,
    client: (await make('client@home.test', ['client'])).id,
    client2: (await make('client2@home.test', ['client'])).id,
    draftClient: (await make('draft@home.test', ['client'])).id,
    manager: (await make('manager@home.test', ['manager'])).id,
    manager2: (await make('manager2@home.test', ['manager'])).id,
    leader: (await make('leader@home.test', ['manager'])).id,
    otherAdmin: (await make('admin@other.test', ['admin'], other.id)).id,
    otherManager: (await make('manager@other.test', ['manager'], other.id)).id,
  } satisfies Record<Name, number>;
  const contract = (vaId: number, clientId: number, status: 'draft' | 'active' | 'ended') => ({
    organizationId: 1,
    vaId,
    clientId,
    status,
    title: 'Support',
    startDate: '2026-03-01',
    timezone: 'UTC',
  });
  await h.db
    .insert(contracts)
    .values([
      contract(ids.va, ids.client, 'active'),
      contract(ids.va, ids.draftClient, 'draft'),
      contract(ids.va2, ids.client2, 'active'),
    ]);
  await h.db.insert(clientManagers).values([
    { clientId: ids.client, managerId: ids.manager },
    { clientId: ids.client2, managerId: ids.manager2 },
  ]);
  const [team] = await h.db
    .insert(teams)
    .values({ organizationId: 1, name: 'Night', leaderId: ids.leader })
    .returning();
  await h.db.insert(teamMembers).values({ teamId: team.id, userId: ids.va });
  const emails: Record<Name, string> = {
    admin: 'admin@home.test',
    va: 'va@home.test',
    va2: 'va2@home.test',
    client: 'client@home.test',
    client2: 'client2@home.test',
    draftClient: 'draft@home.test',
    manager: 'manager@home.test',
    manager2: 'manager2@home.test',
    leader: 'leader@home.test',
    otherAdmin: 'admin@other.test',
    otherManager: 'manager@other.test',
  };
  for (const name of NAMES) {
    const token = (await h.login(emails[name])).access_token;
    const { socket, ready } = await TestSocket.signedIn(url, token, { kind: 'web', capture: false });
    expect(ready.user_id).toBe(ids[name]);
    people[name] = { id: ids[name], socket };
  }
});
afterAll(async () => {
  for (const p of Object.values(people)) p.socket.close();
  await h?.close();
});

let sentinel = 1000;
const probe = (n: number): ServerMessage => ({
  type: 'notification',
  data: { id: n, type: 'test', title: 't' },
});

/** Publishes `message`, then a sentinel to everyone, and answers who got `message` before it. */
async function receivers(publish: () => Promise<void>, marker: (m: ServerMessage) => boolean) {
  await publish();
  const id = ++sentinel;
  await realtimeOf(h.app).publish(probe(id), { userIds: Object.values(people).map((p) => p.id) });
  const got: Name[] = [];
  for (const name of NAMES) {
    const before = await people[name].socket.before(id);
    if (before.some(marker)) got.push(name);
  }
  return got.sort();
}

const presence = (vaId: number): ServerMessage => ({
  type: 'presence.changed',
  data: { va_id: vaId, online: true, idle: false },
});
const isPresence = (vaId: number) => (m: ServerMessage) =>
  m.type === 'presence.changed' && m.data.va_id === vaId;
const publishTo = (message: ServerMessage, audience: Audience) => () =>
  realtimeOf(h.app).publish(message, audience);

describe('delivery by audience', () => {
  it('about a VA: admins, the VA, their clients (not drafts), those clients’ managers and team leaders', async () => {
    const got = await receivers(
      publishTo(presence(people.va.id), { organizationId: 1, aboutVa: people.va.id }),
      isPresence(people.va.id),
    );
    expect(got).toEqual(['admin', 'client', 'leader', 'manager', 'va']);
  });

  it('about another VA: only that VA’s own viewers', async () => {
    const got = await receivers(
      publishTo(presence(people.va2.id), { organizationId: 1, aboutVa: people.va2.id }),
      isPresence(people.va2.id),
    );
    expect(got).toEqual(['admin', 'client2', 'manager2', 'va2']);
  });

  it('never across organizations: a VA named under the wrong organization reaches nobody', async () => {
    const other = (await h.db.select().from(users).where(eq(users.id, people.otherAdmin.id)))[0]
      .organizationId;
    const got = await receivers(
      publishTo(presence(people.va.id), { organizationId: other, aboutVa: people.va.id }),
      isPresence(people.va.id),
    );
    expect(got).toEqual([]);
  });

  it('to roles of one organization', async () => {
    const got = await receivers(
      publishTo(probe(1), { organizationId: 1, roles: ['manager'] }),
      (m) => m.type === 'notification' && m.data.id === 1,
    );
    expect(got).toEqual(['leader', 'manager', 'manager2']);
  });

  it('to users, on every device', async () => {
    const token = (await h.login('va@home.test')).access_token;
    const second = await TestSocket.signedIn(url, token, { kind: 'desktop', capture: true });
    const got = await receivers(
      publishTo(probe(2), { userIds: [people.va.id] }),
      (m) => m.type === 'notification' && m.data.id === 2,
    );
    expect(got).toEqual(['va']);
    expect((await second.socket.next('notification')).data).toMatchObject({ id: 2 });
    second.socket.close();
    await second.socket.closed;
  });
});

describe('after commit', () => {
  it('delivers once the transaction commits, never before', async () => {
    const realtime = realtimeOf(h.app);
    const message = presence(people.va.id);
    await h.deps.transaction(async (uow) => {
      realtime.publishAfterCommit(uow, message, { userIds: [people.va.id] });
      const id = ++sentinel;
      await realtime.publish(probe(id), { userIds: [people.va.id] });
      expect(await people.va.socket.before(id)).toEqual([]);
    });
    expect(await people.va.socket.next('presence.changed')).toEqual(message);
  });

  it('never after a rollback', async () => {
    const realtime = realtimeOf(h.app);
    await expect(
      h.deps.transaction(async (uow) => {
        realtime.publishAfterCommit(uow, presence(people.va.id), {
          organizationId: 1,
          aboutVa: people.va.id,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const got = await receivers(async () => {}, isPresence(people.va.id));
    expect(got).toEqual([]);
  });
});

describe('the socket protocol', () => {
  it('answers an app-level ping and ignores an unknown message', async () => {
    const { socket } = people.admin;
    socket.send('not json');
    socket.send({ type: 'subscribe', to: 'everything' });
    socket.send({ type: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong', data: {} });
  });

  it('records the client kind and capture flag, updated by the client message', async () => {
    const token = (await h.login('va2@home.test')).access_token;
    const { socket, ready } = await TestSocket.signedIn(url, token, { kind: 'desktop', capture: false });
    const realtime = realtimeOf(h.app);
    const mine = async () =>
      (await realtime.connectionsOf(people.va2.id)).find((c) => c.connectionId === ready.connection_id);
    expect(await mine()).toMatchObject({ kind: 'desktop', capture: false, userId: people.va2.id });
    socket.send({ type: 'client', capture: true });
    socket.send({ type: 'ping' });
    await socket.next('pong');
    expect(await mine()).toMatchObject({ capture: true });
    socket.close();
    await socket.closed;
    await expect.poll(mine).toBeUndefined();
  });
});

describe('who sees a VA', () => {
  it('counts super admins and ended contracts; not inactive admins, nor a former client', async () => {
    const superAdmin = await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
    const inactive = await h.createUser({ email: 'gone@home.test', roles: ['admin'], status: 'inactive' });
    const ended = await h.createUser({ email: 'ended@home.test', roles: ['client'] });
    const former = await h.createUser({ email: 'former@home.test', roles: ['va'] });
    const base = {
      organizationId: 1,
      vaId: people.va.id,
      title: 'Old',
      startDate: '2026-01-01',
      timezone: 'UTC',
    };
    await h.db.insert(contracts).values([
      { ...base, clientId: ended.id, status: 'ended' },
      { ...base, clientId: former.id, status: 'active' },
    ]);
    const seen = await usersWhoSeeVa(h.db, 1, people.va.id);
    expect(seen).toContain(superAdmin.id);
    expect(seen).toContain(ended.id);
    expect(seen).not.toContain(inactive.id);
    expect(seen).not.toContain(former.id);
    expect(await usersWhoSeeVa(h.db, 1, 999_999)).toEqual([]);
  });
});
