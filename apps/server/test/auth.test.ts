import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ LOGIN_MAX_FAILURES: '3' });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'amy@example.com', roles: ['admin'] });
});

const grant = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/oauth/token', payload: body, headers });

describe('POST /oauth/token (password grant)', () => {
  it('answers a bearer token pair for good credentials', async () => {
    const res = await grant({
      grant_type: 'password',
      ...CLIENT,
      username: 'amy@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toMatchObject({
      email: 'amy@example.com',
      roles: [{ name: 'admin' }],
      organization_id: 1,
    });
    expect(me.json().last_login_at).toBe('2026-03-02T09:00:00.000Z');
  });

  it('accepts a form-encoded body and a differently cased email', async () => {
    const form = new URLSearchParams({
      grant_type: 'password',
      ...CLIENT,
      username: 'AMY@Example.com',
      password: PASSWORD,
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 invalid_grant, the same for a wrong password and an unknown email', async () => {
    const wrong = await grant({
      grant_type: 'password',
      ...CLIENT,
      username: 'amy@example.com',
      password: 'nope-nope',
    });
    const unknown = await grant({
      grant_type: 'password',
      ...CLIENT,
      username: 'ghost@example.com',
      password: 'nope-nope',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      // RFC 6749's fields beside the problem's, which keep their request id and message code.
      expect(res.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: 'The email or password is incorrect.',
        message: 'The email or password is incorrect.',
        message_code: { code: 'auth.invalid_grant' },
        request_id: res.headers['x-request-id'],
      });
    }
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('refuses any other client pair with 401 invalid_client', async () => {
    for (const client of [
      { client_id: 'web-app', client_secret: 'wrong' },
      { client_id: 'other', client_secret: 'web-app-secret' },
      { client_id: 'web-app' },
      { client_id: 'tracker', client_secret: 'web-app-secret' },
    ]) {
      const res = await grant({
        grant_type: 'password',
        ...client,
        username: 'amy@example.com',
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('invalid_client');
    }
  });

  it("lets the trackers' public client sign in a VA without a secret", async () => {
    await h.createUser({ email: 'va@example.com', roles: ['va'] });
    const res = await grant({
      grant_type: 'password',
      client_id: 'tracker',
      username: 'va@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', refresh_token: expect.any(String) });
  });

  it('refuses users who are not active', async () => {
    await h.createUser({ email: 'held@example.com', roles: ['va'], status: 'onhold' });
    await h.createUser({ email: 'gone@example.com', roles: ['va'], status: 'inactive' });
    for (const email of ['held@example.com', 'gone@example.com']) {
      const res = await grant({ grant_type: 'password', ...CLIENT, username: email, password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/not active/);
    }
  });

  it('rejects a malformed request with 422 and field errors', async () => {
    const res = await grant({
      grant_type: 'client_credentials',
      ...CLIENT,
      username: '',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['grant_type', 'username']));
    // The grants there are, named (the device code grant of the desktop agent too).
    expect(JSON.stringify(res.json().errors.grant_type)).toMatch(/password grant, or the device code grant/);
  });

  it('answers a body that is not JSON with a 400 problem, not a 500', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type": pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('rate limits repeated failures, then lets the owner in after the window', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await grant({
            grant_type: 'password',
            ...CLIENT,
            username: 'amy@example.com',
            password: 'bad-pass',
          })
        ).statusCode,
      ).toBe(400);
    }
    const limited = await grant({
      grant_type: 'password',
      ...CLIENT,
      username: 'amy@example.com',
      password: PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message_code).toEqual({ code: 'auth.too_many_sign_ins', params: { minutes: 15 } });
    h.clock.advance(16 * 60_000);
    expect(
      (await grant({ grant_type: 'password', ...CLIENT, username: 'amy@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(200);
  });
});

describe('guards', () => {
  it('answer 401 to a request without a token before its input is read (never a 422)', async () => {
    const outbox = await h.app.inject({ url: '/api/v1/super-admin-access/outbox?per_page=5000&page=0' });
    expect(outbox.statusCode).toBe(401);
    const contract = await h.app.inject({
      method: 'POST',
      url: '/api/v1/admin-access/contracts',
      payload: { va_id: 'nobody', start_date: 'soon' },
    });
    expect(contract.statusCode).toBe(401);
    expect(contract.json().message_code).toEqual({ code: 'auth.sign_in_required' });
    const logout = await h.app.inject({ method: 'POST', url: '/api/v1/logout' });
    expect(logout.statusCode).toBe(401);
  });

  it('answer 403 to a role outside the area, and only then read the input', async () => {
    const headers = await h.bearer('amy@example.com');
    const res = await h.app.inject({ url: '/api/v1/super-admin-access/outbox?per_page=5000', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message_code).toEqual({ code: 'auth.no_access' });
  });
});

describe('GET /api/v1/roles', () => {
  it('lists the roles to a signed-in user', async () => {
    expect((await h.app.inject({ url: '/api/v1/roles' })).statusCode).toBe(401);
    const res = await h.app.inject({ url: '/api/v1/roles', headers: await h.bearer('amy@example.com') });
    expect(res.json().map((r: { name: string }) => r.name)).toEqual([
      'super_admin',
      'admin',
      'manager',
      'client',
      'va',
    ]);
  });
});

describe('access tokens', () => {
  it('answers 401 without a token, with a bad one and with an expired one', async () => {
    expect((await h.app.inject({ url: '/api/v1/me' })).statusCode).toBe(401);
    const bad = await h.app.inject({ url: '/api/v1/me', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(bad.statusCode).toBe(401);
    const headers = await h.bearer('amy@example.com');
    h.clock.advance(901_000);
    const expired = await h.app.inject({ url: '/api/v1/me', headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
    expect(expired.json().message_code).toEqual({ code: 'auth.session_expired' });
    expect(expired.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
  });

  it('stops working once the user is deactivated', async () => {
    const headers = await h.bearer('amy@example.com');
    await h.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'amy@example.com'));
    expect((await h.app.inject({ url: '/api/v1/me', headers })).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  const refresh = (token: string) =>
    h.app.inject({ method: 'POST', url: '/api/token/refresh-token', payload: { RefreshToken: token } });

  it('rotates: a new pair, and the old refresh token is spent', async () => {
    const first = await h.login('amy@example.com');
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    const first = await h.login('amy@example.com');
    const second = (await refresh(first.refresh_token)).json();
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ends the legitimate holder's session: both tokens are dead now.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('does not touch other sessions of the same user', async () => {
    const a = await h.login('amy@example.com');
    const b = await h.login('amy@example.com');
    await refresh(a.refresh_token);
    await refresh(a.refresh_token);
    expect((await refresh(b.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown or expired refresh token', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const t = await h.login('amy@example.com');
    h.clock.advance(31 * 86400_000);
    expect((await refresh(t.refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/logout', () => {
  it('revokes the current session only', async () => {
    const a = await h.login('amy@example.com');
    const b = await h.login('amy@example.com');
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${a.access_token}` },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (await h.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${a.access_token}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/token/refresh-token',
          payload: { RefreshToken: a.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await h.app.inject({ url: '/api/v1/me', headers: { authorization: `Bearer ${b.access_token}` } }))
        .statusCode,
    ).toBe(200);
  });
});
