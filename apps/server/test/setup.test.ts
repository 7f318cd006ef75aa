import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signPurposeToken } from '../src/modules/auth/public';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { setupLink } from '../src/modules/system/public';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ APP_URL: 'https://hub.example.test' });
});
afterAll(() => h?.close());
beforeEach(() => h.reset());

const form = {
  organization_name: 'Northwind Staffing',
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'Ada@Northwind.test',
  password: 'longenough1',
};

async function freshToken() {
  const link = await setupLink(h.deps);
  expect(link).toMatch(/^https:\/\/hub\.example\.test\/setup\?token=/);
  return new URL(link as string).searchParams.get('token') as string;
}

const check = (token: unknown, ip = '10.0.0.1') =>
  h.app.inject({ method: 'POST', url: '/api/v1/setup/check', payload: { token }, remoteAddress: ip });
const complete = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  h.app.inject({ method: 'POST', url: '/api/v1/setup', payload, remoteAddress: ip });

describe('the first-run setup link', () => {
  it('is offered while no super admin exists, and no longer once one does', async () => {
    await h.createUser({ email: 'owner@example.com', roles: ['admin'] });
    expect(await setupLink(h.deps)).not.toBeNull();
    await h.createUser({ email: 'root@example.com', roles: ['super_admin'] });
    expect(await setupLink(h.deps)).toBeNull();
  });

  it('checks a good link: the home organization’s current name', async () => {
    const res = await check(await freshToken());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization_name: 'Home' });
  });

  it('refuses a forged, expired or other-purpose link with 404 and a code', async () => {
    const token = await freshToken();
    const other = await signPurposeToken(h.deps.secret, 'verify_email', '1', {}, 3600, h.clock.now());
    for (const bad of ['', 'nonsense', `${token.slice(0, -4)}AAAA`, other]) {
      const res = await check(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().message_code).toEqual({ code: 'setup.link_invalid' });
    }
    h.clock.advance(8 * 86_400_000);
    expect((await check(token)).statusCode).toBe(404);
  });

  it('completes: names the home organization, creates the super admin and signs them in', async () => {
    const token = await freshToken();
    const res = await complete({ ...form, token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const session = res.json();
    expect(session).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada@northwind.test',
      roles: [{ name: 'super_admin' }],
      organization_id: 1,
    });
    const [home] = await h.db.select().from(organizations).where(eq(organizations.id, 1));
    expect(home.name).toBe('Northwind Staffing');
    const [admin] = await h.db.select().from(users).where(eq(users.email, 'ada@northwind.test'));
    expect(home.ownerId).toBe(admin.id);
    expect(admin.emailVerifiedAt).not.toBeNull();
    // The refresh token of that session works like a signed-in one.
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/token/refresh-token',
      payload: { RefreshToken: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('dies once used: the same link then answers 409 with a clear message, checked or completed', async () => {
    const token = await freshToken();
    expect((await complete({ ...form, token })).statusCode).toBe(200);
    for (const res of [await check(token), await complete({ ...form, email: 'eve@example.com', token })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message_code).toEqual({ code: 'setup.already_done' });
      expect(res.json().message).toContain('npm run create-admin');
    }
    expect(await h.db.select().from(users)).toHaveLength(1);
  });

  it('also dies when a super admin was created another way (npm run create-admin)', async () => {
    const token = await freshToken();
    await h.createUser({ email: 'root@example.com', roles: ['super_admin'] });
    const res = await complete({ ...form, token });
    expect(res.statusCode).toBe(409);
  });

  it('answers 422 with a code per field, using the sign-up password rule', async () => {
    const token = await freshToken();
    const res = await complete({
      token,
      organization_name: ' ',
      first_name: '',
      email: 'nope',
      password: 'short',
    });
    expect(res.statusCode).toBe(422);
    const codes = res.json().codes as Record<string, Array<{ code: string }>>;
    expect(codes.organization_name[0].code).toBe('organizations.name_required');
    expect(codes.first_name[0].code).toBe('signup.name_required');
    expect(codes.last_name[0].code).toBe('signup.last_name_required');
    expect(codes.email[0].code).toBe('signup.email_invalid');
    expect(codes.password[0].code).toBe('signup.password_too_short');
    expect(await setupLink(h.deps)).not.toBeNull();
  });

  it('refuses a common password or one equal to the email, like every other password form', async () => {
    for (const [password, code] of [
      ['password123', 'auth.password_common'],
      ['ada@northwind.test', 'auth.password_is_email'],
    ]) {
      const res = await complete({ ...form, password, token: await freshToken() });
      expect(res.statusCode).toBe(422);
      expect(res.json().codes.password[0].code).toBe(code);
    }
    expect(await setupLink(h.deps)).not.toBeNull();
  });

  it('refuses an email that is already taken, on its field', async () => {
    await h.createUser({ email: 'ada@northwind.test', roles: ['admin'] });
    const res = await complete({ ...form, token: await freshToken() });
    expect(res.statusCode).toBe(422);
    expect(res.json().codes.email[0].code).toBe('signup.email_taken');
  });

  it('limits attempts per address (429 with Retry-After), not other addresses', async () => {
    for (let i = 0; i < 20; i++) expect((await check('nonsense', '10.0.0.9')).statusCode).toBe(404);
    const limited = await check('nonsense', '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message_code.code).toBe('setup.too_many');
    expect((await check('nonsense', '10.0.0.10')).statusCode).toBe(404);
  });
});

describe('the demo on the realm', () => {
  it('lists the demo accounts only in demo mode, and never a password', async () => {
    const demo = await createHarness({ SEED_DEMO: 'true' });
    try {
      const res = await demo.app.inject({ url: '/api/v1/realm' });
      expect(res.json()).toMatchObject({ demo: true });
      expect(res.json().demo_accounts).toHaveLength(5);
      expect(res.json().demo_accounts[0]).toEqual({ email: 'superadmin@example.com', role: 'super_admin' });
      expect(res.body).not.toMatch(/password|demo12345/i);
    } finally {
      await demo.close();
    }
    const plain = await h.app.inject({ url: '/api/v1/realm' });
    expect(plain.json()).toMatchObject({ demo: false, demo_accounts: [] });
  });
});
