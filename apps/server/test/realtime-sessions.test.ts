import { WS_CLOSE } from '@vahub/shared/realtime/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { createHarness, type Harness } from './harness';
import { listen, realtimeOf, TestSocket } from './realtime-helpers';

let h: Harness;
let url: string;

beforeAll(async () => {
  // Heartbeats run by hand (`tick`); the auth window is short so the timeout test is quick.
  h = await createHarness(
    {},
    { realtime: { heartbeatMs: 3_600_000, authTimeoutMs: 300, closeGraceMs: 500 } },
  );
  url = await listen(h.app);
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'va@home.test', roles: ['va'] });
  await h.createUser({ email: 'admin@home.test', roles: ['admin'] });
});

const token = async (email = 'va@home.test') => (await h.login(email)).access_token;

describe('authentication', () => {
  it('closes a socket that never authenticates with 4401 after the window', async () => {
    const socket = await TestSocket.open(url);
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('closes with 4401 on a bad token', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'auth', token: 'not-a-token' });
    expect(await socket.closed).toMatchObject({ code: WS_CLOSE.unauthenticated });
  });

  it('closes with 4401 when the first message is not an auth message', async () => {
    const socket = await TestSocket.open(url);
    socket.send({ type: 'ping' });
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('closes with 4401 for an inactive user', async () => {
    const t = await token();
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'va@home.test'));
    const socket = await TestSocket.open(url);
    socket.send({ type: 'auth', token: t });
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('refuses binary and oversized messages without harm to others', async () => {
    const { socket: bystander } = await TestSocket.signedIn(url, await token('admin@home.test'));
    const binary = await TestSocket.open(url);
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1003);
    const { socket: big } = await TestSocket.signedIn(url, await token());
    big.send({ type: 'ping', pad: 'x'.repeat(64 * 1024) });
    expect((await big.closed).code).toBe(1009);
    bystander.send({ type: 'ping' });
    expect((await bystander.next('pong')).type).toBe('pong');
    bystander.close();
  });
});

describe('heartbeats and session checks', () => {
  it('terminates a socket that misses a pong with 4408', async () => {
    const { socket: silent } = await TestSocket.signedIn(url, await token(), undefined, { autoPong: false });
    const { socket: healthy } = await TestSocket.signedIn(url, await token('admin@home.test'));
    const realtime = realtimeOf(h.app);
    await realtime.tick(); // pings both
    // The healthy client's pong is on its way; an app-level round trip makes sure it has landed.
    healthy.send({ type: 'ping' });
    await healthy.next('pong');
    await realtime.tick(); // the silent one never answered
    expect((await silent.closed).code).toBe(WS_CLOSE.timeout);
    healthy.send({ type: 'ping' });
    await healthy.next('pong');
    expect(realtime.size).toBe(1);
    healthy.close();
  });

  it('closes the socket of a signed-out session with 4401 at the next tick, and only that one', async () => {
    const signedOut = await token();
    const { socket: ended } = await TestSocket.signedIn(url, signedOut);
    const { socket: other } = await TestSocket.signedIn(url, await token());
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${signedOut}` },
    });
    expect(res.statusCode).toBeLessThan(300);
    await realtimeOf(h.app).tick();
    expect((await ended.closed).code).toBe(WS_CLOSE.unauthenticated);
    other.send({ type: 'ping' });
    await other.next('pong');
    other.close();
  });

  it('closes every socket of a user whose sessions an admin revoked', async () => {
    const va = (await h.db.select().from(users).where(eq(users.email, 'va@home.test')))[0];
    const { socket } = await TestSocket.signedIn(url, await token());
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/admin-access/user/${va.id}/revoke-sessions`,
      headers: await h.bearer('admin@home.test'),
    });
    expect(res.statusCode).toBe(200);
    await realtimeOf(h.app).tick();
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('closes the socket of a deactivated user', async () => {
    const { socket } = await TestSocket.signedIn(url, await token());
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'va@home.test'));
    await realtimeOf(h.app).tick();
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('delivers by the roles a user holds now, not at sign-in', async () => {
    const { socket } = await TestSocket.signedIn(url, await token());
    await h.db
      .update(users)
      .set({ roles: ['va', 'manager'] })
      .where(eq(users.email, 'va@home.test'));
    await realtimeOf(h.app).tick();
    await realtimeOf(h.app).publish(
      { type: 'notification', data: { id: 7, type: 'test', title: 'managers' } },
      { organizationId: 1, roles: ['manager'] },
    );
    expect((await socket.next('notification')).data).toMatchObject({ id: 7 });
    socket.close();
  });
});

describe('shutdown', () => {
  // Last: it closes the service for good.
  it('closes every socket with 1012, those still authenticating too', async () => {
    const { socket: signedIn } = await TestSocket.signedIn(url, await token());
    const pending = await TestSocket.open(url);
    await realtimeOf(h.app).close();
    expect((await signedIn.closed).code).toBe(WS_CLOSE.restarting);
    expect((await pending.closed).code).toBe(WS_CLOSE.restarting);
  });
});
