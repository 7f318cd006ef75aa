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

describe('an inactive organization (its subscription ended)', () => {
  it('its admin signs in, reads everything, pays and edits their profile; other writes answer 402 subscription_inactive', async () => {
    await suspend();
    expect((await grant('boss@acme.test')).statusCode).toBe(200);
    for (const url of [
      '/api/v1/me',
      '/api/v1/organization',
      '/api/v1/admin-access/settings',
      '/api/v1/admin-access/users',
      '/api/v1/plans',
    ]) {
      expect((await as('boss@acme.test', 'GET', url)).statusCode, url).toBe(200);
    }
    for (const [method, url, body] of [
      ['PATCH', '/api/v1/admin-access/settings', { name: 'Renamed' }],
      [
        'POST',
        '/api/v1/admin-access/user',
        { email: 'x@acme.test', first_name: 'X', last_name: 'Y', role: 'va' },
      ],
    ] as const) {
      const res = await as('boss@acme.test', method, url, body);
      expect(res.statusCode, url).toBe(402);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({
        code: 'subscription_inactive',
        title: 'Payment Required',
        message_code: { code: 'billing.subscription_inactive' },
      });
    }
    // Their own profile, and billing (answering that billing is off here, not 402).
    expect((await as('boss@acme.test', 'PATCH', '/api/v1/me', { first_name: 'Changed' })).statusCode).toBe(
      200,
    );
    const checkout = await as('boss@acme.test', 'POST', '/api/v1/checkout', { price_id: 'price_x' });
    expect(checkout.json().code).toBe('billing_not_configured');
  });

  it('its other users sign in too, and read', async () => {
    await suspend();
    expect((await grant('vera@acme.test')).statusCode).toBe(200);
    expect((await as('vera@acme.test', 'GET', '/api/v1/va-access/contracts')).statusCode).toBe(200);
    // A wrong password still answers as any wrong password.
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username: 'vera@acme.test', password: 'not-the-one' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('a session opened before reaches reads, is refused writes, and everything once reactivated', async () => {
    await h.bearer('boss@acme.test');
    await suspend();
    expect((await as('boss@acme.test', 'GET', '/api/v1/admin-access/users')).statusCode).toBe(200);
    const refused = await as('boss@acme.test', 'PATCH', '/api/v1/admin-access/settings', { name: 'Renamed' });
    expect(refused.statusCode).toBe(402);
    // Reactivated (paid), everything is back.
    await h.db.update(organizations).set({ status: 1 }).where(eq(organizations.id, org));
    expect(
      (await as('boss@acme.test', 'PATCH', '/api/v1/admin-access/settings', { name: 'Renamed' })).statusCode,
    ).toBe(200);
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
