import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions } from '../src/modules/auth/auth.table';
import { SESSION_CACHE_MS } from '../src/modules/auth/session-cache';
import { createHarness, type Harness, PASSWORD } from './harness';

// A tracker's checked token is trusted for a few seconds (session-cache.ts): a session revoked elsewhere (another
// instance, the database) is refused within them; one revoked by this process at once. Web sessions are checked
// on every call.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'va@example.com', roles: ['va'] });
  await h.createUser({ email: 'amy@example.com', roles: ['admin'] });
});

async function signIn(client: 'tracker' | 'web-app') {
  const res = await h.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      client_id: client,
      ...(client === 'web-app' ? { client_secret: 'web-app-secret' } : {}),
      username: 'va@example.com',
      password: PASSWORD,
    },
  });
  expect(res.statusCode).toBe(200);
  return `Bearer ${res.json().access_token}`;
}

const current = (authorization: string) =>
  h.app.inject({ url: '/api/v1/va-access/attendance/current/user', headers: { authorization } });

/** What another instance does: the session's row is revoked, this process hears nothing. */
const revokeElsewhere = () =>
  h.db.update(authSessions).set({ revokedAt: sql`now()`, revokedReason: 'elsewhere' });

describe('the session check of a tracker', () => {
  it('honours a session revoked elsewhere within its few seconds', async () => {
    const tracker = await signIn('tracker');
    expect((await current(tracker)).statusCode).toBe(200);
    await revokeElsewhere();
    // Still trusted: checked less than SESSION_CACHE_MS ago.
    h.clock.advance(SESSION_CACHE_MS - 1000);
    expect((await current(tracker)).statusCode).toBe(200);
    h.clock.advance(1000);
    const refused = await current(tracker);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/session/i);
  });

  it('refuses at once a session this process ended: logout, or every session of the user', async () => {
    const tracker = await signIn('tracker');
    expect((await current(tracker)).statusCode).toBe(200);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: tracker },
    });
    expect(out.statusCode).toBe(204);
    expect((await current(tracker)).statusCode).toBe(401);

    const again = await signIn('tracker');
    expect((await current(again)).statusCode).toBe(200);
    const [va] = await h.db
      .execute<{ id: number }>(sql`select id from users where email = 'va@example.com'`)
      .then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
    const revoked = await h.app.inject({
      method: 'POST',
      url: `/api/v1/admin-access/user/${va.id}/revoke-sessions`,
      headers: await h.bearer('amy@example.com'),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await current(again)).statusCode).toBe(401);
  });

  it('never outlives the token: an expired token is refused even within the few seconds', async () => {
    const tracker = await signIn('tracker');
    expect((await current(tracker)).statusCode).toBe(200);
    // Access tokens live 900 s: just before the end it is trusted, at the end it is refused.
    h.clock.advance(900_000 - 1000);
    expect((await current(tracker)).statusCode).toBe(200);
    h.clock.advance(1000);
    expect((await current(tracker)).statusCode).toBe(401);
  });
});

describe('the session check of the web app', () => {
  it('is made on every call: a session revoked elsewhere is refused at once', async () => {
    const web = await signIn('web-app');
    expect((await current(web)).statusCode).toBe(200);
    await revokeElsewhere();
    expect((await current(web)).statusCode).toBe(401);
  });
});
