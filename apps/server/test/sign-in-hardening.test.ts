import { WS_CLOSE } from '@vahub/shared/realtime/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';
import { listen, realtimeOf, TestSocket } from './realtime-helpers';

let h: Harness;
let url: string;
beforeAll(async () => {
  // A held-back answer of 1 ms: the slowdown runs, and the test does not wait for it.
  h = await createHarness(
    { LOGIN_MAX_FAILURES: '3', LOGIN_DELAY_MS: '1' },
    { realtime: { heartbeatMs: 3_600_000, authTimeoutMs: 300, closeGraceMs: 500 } },
  );
  url = await listen(h.app);
});
afterAll(() => h?.close());

let ids: Record<string, number>;
beforeEach(async () => {
  await h.reset();
  ids = {};
  for (const [email, roles] of [
    ['admin@home.test', ['admin']],
    ['amy@home.test', ['va']],
    ['bob@home.test', ['va']],
  ] as const) {
    ids[email] = (await h.createUser({ email, roles: [...roles] })).id;
  }
});

const grant = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  h.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', ...CLIENT, username, password },
    remoteAddress,
  });

const me = (accessToken: string) =>
  h.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${accessToken}` } });

const refresh = (token: string) =>
  h.app.inject({ method: 'POST', url: '/api/token/refresh-token', payload: { RefreshToken: token } });

describe('sign-in limits', () => {
  it('failures from one address lock that address out of the account, never its owner elsewhere', async () => {
    for (let i = 0; i < 3; i++)
      expect((await grant('amy@home.test', 'guess-guess', '203.0.113.66')).statusCode).toBe(400);
    // The guessing address is refused even the right password, until the window ends…
    const refused = await grant('amy@home.test', PASSWORD, '203.0.113.66');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message_code: { code: 'auth.too_many_sign_ins', params: { minutes: 15 } },
    });
    // …while Amy, from her own address, signs in; so does another account from the guessing address.
    expect((await grant('amy@home.test', PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    expect((await grant('bob@home.test', PASSWORD, '203.0.113.66')).statusCode).toBe(200);
    h.clock.advance(16 * 60_000);
    expect((await grant('amy@home.test', PASSWORD, '203.0.113.66')).statusCode).toBe(200);
  });

  it('an account guessed at from many addresses is slowed there, not locked: its owner still signs in', async () => {
    // The admin's account, three failures from each of two addresses: both are locked out of it.
    for (const address of ['203.0.113.66', '198.51.100.7'])
      for (let i = 0; i < 3; i++)
        expect((await grant('admin@home.test', 'guess-guess', address)).statusCode).toBe(400);
    for (const address of ['203.0.113.66', '198.51.100.7'])
      expect((await grant('admin@home.test', 'guess-guess', address)).statusCode).toBe(429);
    // The admin, from the office, is answered (after the account's delay), and can go on failing without a lock.
    expect((await grant('admin@home.test', PASSWORD, '10.0.0.9')).statusCode).toBe(200);
    expect((await grant('admin@home.test', 'typo-typo', '10.0.0.9')).statusCode).toBe(400);
    expect((await grant('admin@home.test', PASSWORD, '10.0.0.9')).statusCode).toBe(200);
  });

  it('an address failing across many accounts locks none of them out (soft: only slower)', async () => {
    const accounts = ['amy@home.test', 'bob@home.test', 'admin@home.test', 'ghost1@x.test', 'ghost2@x.test'];
    // Two failures each (under the account limit), ten from the one address: well past its free failures.
    for (const email of accounts) {
      for (let i = 0; i < 2; i++)
        expect((await grant(email, 'guess-guess', '203.0.113.66')).statusCode).toBe(400);
    }
    expect((await grant('amy@home.test', PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    expect((await grant('bob@home.test', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    // Even from the noisy address a right password is answered (a shared office address is not locked out).
    expect((await grant('admin@home.test', PASSWORD, '203.0.113.66')).statusCode).toBe(200);
  });
});

describe('sessions end with a password change', () => {
  it('changing one’s own password ends the other sessions (tokens, refresh, sockets), not this one', async () => {
    const here = await h.login('amy@home.test');
    const there = await h.login('amy@home.test');
    const { socket } = await TestSocket.signedIn(url, there.access_token);
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers: { authorization: `Bearer ${here.access_token}` },
      payload: {
        old_password: PASSWORD,
        password: 'a-new-secret-9',
        password_confirmation: 'a-new-secret-9',
      },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(here.access_token)).statusCode).toBe(200);
    expect((await me(there.access_token)).statusCode).toBe(401);
    expect((await refresh(there.refresh_token)).statusCode).toBe(401);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    await realtimeOf(h.app).tick();
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('an admin setting a password ends every session of that user, not the admin’s', async () => {
    const amy = await h.login('amy@home.test');
    const admin = await h.bearer('admin@home.test');
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin-access/user-password/${ids['amy@home.test']}`,
      headers: admin,
      payload: { password: 'reset-by-admin-7' },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(amy.access_token)).statusCode).toBe(401);
    expect((await refresh(amy.refresh_token)).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/v1/me', headers: admin })).statusCode).toBe(200);
  });

  it('an admin changing a password in the user form ends that user’s sessions too; other edits do not', async () => {
    const bob = await h.login('bob@home.test');
    const admin = await h.bearer('admin@home.test');
    const edit = (payload: object) =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/v1/admin-access/user/${ids['bob@home.test']}`,
        headers: admin,
        payload,
      });
    expect((await edit({ first_name: 'Robert' })).statusCode).toBe(200);
    expect((await me(bob.access_token)).statusCode).toBe(200);
    expect((await edit({ password: 'reset-by-admin-7' })).statusCode).toBe(200);
    expect((await me(bob.access_token)).statusCode).toBe(401);
  });
});

describe('password policy', () => {
  type Problem = { codes: Record<string, Array<{ code: string }>> };
  const expectRefused = (res: { statusCode: number; json: () => unknown }, field: string, code: string) => {
    expect(res.statusCode).toBe(422);
    expect((res.json() as Problem).codes[field].map((c) => c.code)).toContain(code);
  };

  it('refuses the email, its name part and common passwords when signing up', async () => {
    const base = {
      company_name: 'Acme',
      first_name: 'Rosa',
      last_name: 'Diaz',
      timezone: 'UTC',
    };
    const register = (email: string, password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: { ...base, email, password, password_confirmation: password },
      });
    expectRefused(
      await register('rosa.diaz@acme.test', 'Rosa.Diaz@Acme.test'),
      'password',
      'auth.password_is_email',
    );
    expectRefused(await register('rosadiaz1@acme.test', 'ROSADIAZ1'), 'password', 'auth.password_is_email');
    expectRefused(await register('rosa@acme.test', 'password123'), 'password', 'auth.password_common');
    expectRefused(await register('rosa@acme.test', 'Baseball1'), 'password', 'auth.password_common');
    expect((await register('rosa@acme.test', 'longenough1')).statusCode).toBe(201);
  });

  it('refuses them when changing one’s own password, and when an admin sets or creates one', async () => {
    const own = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers: await h.bearer('amy@home.test'),
      payload: { old_password: PASSWORD, password: 'iloveyou1', password_confirmation: 'iloveyou1' },
    });
    expectRefused(own, 'password', 'auth.password_common');
    const admin = await h.bearer('admin@home.test');
    const set = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin-access/user-password/${ids['amy@home.test']}`,
      headers: admin,
      payload: { password: 'amy@home.test' },
    });
    expectRefused(set, 'password', 'auth.password_is_email');
    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin-access/user/${ids['bob@home.test']}`,
      headers: admin,
      payload: { password: 'sunshine1' },
    });
    expectRefused(edit, 'password', 'auth.password_common');
    const create = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin-access/user',
      headers: admin,
      payload: {
        email: 'carlos.mendez@home.test',
        first_name: 'Carlos',
        last_name: 'Mendez',
        role: 'va',
        status: 'active',
        password: 'carlos.mendez',
      },
    });
    expectRefused(create, 'password', 'auth.password_is_email');
    // Nothing changed: the old password still signs in.
    expect((await grant('amy@home.test', PASSWORD)).statusCode).toBe(200);
  });
});
