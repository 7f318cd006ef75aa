import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { FakeSmtp } from './fake-smtp';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';

// With a mail server, so an unverified email restricts (without one, new owners are verified at once).
let h: Harness;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
  h = await createHarness({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});

let org: number;
beforeEach(async () => {
  await h.reset();
  org = (await h.createOrg('Acme')).id;
  await h.createUser({ email: 'boss@acme.test', roles: ['admin'], organizationId: org });
  await h.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: org });
  await h.createUser({
    email: 'new@acme.test',
    roles: ['admin'],
    organizationId: org,
    emailVerifiedAt: null,
  });
});

const grant = (username: string) =>
  h.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', ...CLIENT, username, password: PASSWORD },
  });

const as = async (email: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: await h.bearer(email), ...(payload ? { payload } : {}) });

const suspend = () => h.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, org));

describe('an unverified email (a mail server is set)', () => {
  it('signs in, reaches what verifying needs, and is refused the rest with 403 email_not_verified', async () => {
    expect((await grant('new@acme.test')).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/organization'],
      ['POST', '/api/v1/email/send-verification'],
    ] as const) {
      expect((await as('new@acme.test', method, url)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin-access/users', undefined],
      ['GET', '/api/v1/admin-access/settings', undefined],
      ['PATCH', '/api/v1/me', { first_name: 'Sneaky' }],
    ] as const) {
      const res = await as('new@acme.test', method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'email_not_verified',
        message_code: { code: 'auth.email_not_verified' },
      });
    }
    // The same calls of a verified admin of the same organization go through.
    expect((await as('boss@acme.test', 'GET', '/api/v1/admin-access/users')).statusCode).toBe(200);
    // Once verified, the same session goes through.
    await h.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, 'new@acme.test'));
    expect((await as('new@acme.test', 'GET', '/api/v1/admin-access/users')).statusCode).toBe(200);
  });

  it('signs out and refreshes its session', async () => {
    const tokens = await h.login('new@acme.test');
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/token/refresh-token',
      payload: { RefreshToken: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${refreshed.json().access_token}` },
    });
    expect(out.statusCode).toBe(204);
  });
});

describe('without a mail server', () => {
  it('an unverified email restricts nothing', async () => {
    const bare = await createHarness();
    try {
      await bare.reset();
      const o = await bare.createOrg('Bare');
      await bare.createUser({
        email: 'new@bare.test',
        roles: ['admin'],
        organizationId: o.id,
        emailVerifiedAt: null,
      });
      const res = await bare.app.inject({
        url: '/api/v1/admin-access/users',
        headers: await bare.bearer('new@bare.test'),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('a suspended organization', () => {
  it('its admin signs in and reaches only the plan and subscription; changes are refused 403 organization_suspended', async () => {
    await suspend();
    expect((await grant('boss@acme.test')).statusCode).toBe(200);
    for (const url of [
      '/api/v1/me',
      '/api/v1/organization',
      '/api/v1/admin-access/settings',
      '/api/v1/plans',
    ]) {
      expect((await as('boss@acme.test', 'GET', url)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin-access/users', undefined],
      ['PATCH', '/api/v1/admin-access/settings', { name: 'Renamed' }],
      ['PATCH', '/api/v1/me', { first_name: 'Changed' }],
    ] as const) {
      const res = await as('boss@acme.test', method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'organization_suspended',
        message_code: { code: 'auth.organization_suspended' },
      });
    }
  });

  it('its other users are refused at sign-in with the reason, even with the right password', async () => {
    await suspend();
    const res = await grant('vera@acme.test');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ code: 'organization_suspended' });
    // A wrong password still answers as any wrong password: the refusal tells nothing to a guesser.
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username: 'vera@acme.test', password: 'not-the-one' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('a session opened before the suspension reaches only me, the organization and sign-out', async () => {
    await h.bearer('vera@acme.test');
    expect((await as('vera@acme.test', 'GET', '/api/v1/va-access/contracts')).statusCode).not.toBe(403);
    await suspend();
    expect((await as('vera@acme.test', 'GET', '/api/v1/me')).statusCode).toBe(200);
    expect((await as('vera@acme.test', 'GET', '/api/v1/organization')).statusCode).toBe(200);
    const refused = await as('vera@acme.test', 'GET', '/api/v1/va-access/contracts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('organization_suspended');
    // Reactivated (paid), everything is back.
    await h.db.update(organizations).set({ status: 1 }).where(eq(organizations.id, org));
    expect((await as('vera@acme.test', 'GET', '/api/v1/va-access/contracts')).statusCode).toBe(200);
  });

  it('the home organization (id 1) is never suspended', async () => {
    await h.db.update(organizations).set({ status: 0 }).where(eq(organizations.id, 1));
    await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
    await h.createUser({ email: 'va@home.test', roles: ['va'] });
    expect((await grant('va@home.test')).statusCode).toBe(200);
    expect((await as('root@home.test', 'GET', '/api/v1/super-admin-access/organizations')).statusCode).toBe(
      200,
    );
  });
});
