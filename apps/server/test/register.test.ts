import { SIGNUP_MESSAGES } from '@vahub/shared/auth/schemas';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ APP_URL: 'https://app.example.test' });
});
afterAll(() => h?.close());
beforeEach(() => h.reset());

const valid = {
  company_name: 'Acme Staffing',
  first_name: 'Rosa',
  last_name: 'Diaz',
  email: 'Rosa@Acme.test',
  password: 'longenough1',
  password_confirmation: 'longenough1',
  timezone: 'Asia/Manila',
};

const register = (payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/v1/register', payload });

async function lastLink() {
  const [mail] = await h.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  const match = mail?.text.match(/https:\/\/app\.example\.test(\/api\/v1\/email\/verify\?token=[^\s]+)/);
  return { mail, path: match?.[1] };
}

describe('POST /api/v1/register', () => {
  it('creates the organization and its admin owner, and mails a verification link', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    const [user] = await h.db.select().from(users).where(eq(users.email, 'rosa@acme.test'));
    expect(user).toMatchObject({
      firstName: 'Rosa',
      roles: ['admin'],
      timezone: 'Asia/Manila',
      status: 'active',
      emailVerifiedAt: null,
    });
    const [org] = await h.db.select().from(organizations).where(eq(organizations.id, user.organizationId));
    expect(org).toMatchObject({ name: 'Acme Staffing', ownerId: user.id, status: 1 });
    expect(org.id).not.toBe(1);
    const { mail, path } = await lastLink();
    expect(mail).toMatchObject({ to: 'rosa@acme.test', status: 'kept' });
    expect(path).toBeTruthy();

    const t = await h.login('rosa@acme.test', 'longenough1');
    const orgRes = await h.app.inject({
      url: '/api/v1/organization',
      headers: { authorization: `Bearer ${t.access_token}` },
    });
    expect(orgRes.json()).toMatchObject({
      name: 'Acme Staffing',
      status: 1,
      user_count: 1,
      max_users: 25,
      owner: { email: 'rosa@acme.test' },
    });
  });

  it('starts the organization inactive when billing is on', async () => {
    const billed = await createHarness({ STRIPE_SECRET_KEY: 'sk_test_x' });
    try {
      await billed.reset();
      expect(
        (await billed.app.inject({ method: 'POST', url: '/api/v1/register', payload: valid })).statusCode,
      ).toBe(201);
      const [org] = await billed.db
        .select()
        .from(organizations)
        .where(eq(organizations.name, 'Acme Staffing'));
      expect(org.status).toBe(0);
    } finally {
      await billed.close();
    }
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['company missing', { company_name: '' }, 'company_name', SIGNUP_MESSAGES.company_required],
    ['first name missing', { first_name: '  ' }, 'first_name', SIGNUP_MESSAGES.first_name_required],
    ['last name missing', { last_name: undefined }, 'last_name', SIGNUP_MESSAGES.last_name_required],
    ['email missing', { email: '' }, 'email', SIGNUP_MESSAGES.email_required],
    ['email malformed', { email: 'rosa@' }, 'email', SIGNUP_MESSAGES.email_invalid],
    [
      'password missing',
      { password: '', password_confirmation: '' },
      'password',
      SIGNUP_MESSAGES.password_required,
    ],
    [
      'password too short',
      { password: 'short', password_confirmation: 'short' },
      'password',
      SIGNUP_MESSAGES.password_too_short,
    ],
    [
      'confirmation missing',
      { password_confirmation: '' },
      'password_confirmation',
      SIGNUP_MESSAGES.confirmation_required,
    ],
    [
      'confirmation differs',
      { password_confirmation: 'different1' },
      'password_confirmation',
      SIGNUP_MESSAGES.confirmation_mismatch,
    ],
    ['timezone unknown', { timezone: 'Mars/Olympus' }, 'timezone', SIGNUP_MESSAGES.timezone_invalid],
  ];
  for (const [name, patch, field, message] of cases) {
    it(`answers 422 when ${name}`, async () => {
      const res = await register({ ...valid, ...patch });
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[field]).toEqual([message]);
      expect(await h.db.select().from(users)).toHaveLength(0);
    });
  }

  it('refuses a taken email clearly, whatever its case', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    const res = await register({ ...valid, email: 'ROSA@acme.test', company_name: 'Other' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual([SIGNUP_MESSAGES.email_taken]);
    expect(await h.db.select().from(organizations).where(eq(organizations.name, 'Other'))).toHaveLength(0);
  });

  it('limits sign-ups per address (10 an hour by default) before any work, with Retry-After', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    // Refused attempts count as well: a taken email costs a lookup, not a password hash.
    for (let i = 0; i < 9; i++) expect((await register(valid)).statusCode).toBe(422);
    h.clock.advance(10 * 60_000);
    const limited = await register({ ...valid, email: 'fresh@acme.test', company_name: 'Fresh' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.headers['retry-after']).toBe(String(50 * 60));
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many sign-ups from your network. Try again in 50 minute(s).',
    });
    expect(await h.db.select().from(users).where(eq(users.email, 'fresh@acme.test'))).toHaveLength(0);

    const elsewhere = await h.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { ...valid, email: 'other@acme.test' },
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(201);

    h.clock.advance(50 * 60_000);
    expect((await register({ ...valid, email: 'fresh@acme.test' })).statusCode).toBe(201);
  });

  it('is refused when registration is closed', async () => {
    const closed = await createHarness({ REGISTRATION_ENABLED: 'false' });
    try {
      const res = await closed.app.inject({ method: 'POST', url: '/api/v1/register', payload: valid });
      expect(res.statusCode).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

describe('email verification', () => {
  it('a good link marks the email verified and redirects to the success page', async () => {
    await register(valid);
    const { path } = await lastLink();
    const res = await h.app.inject({ url: path! });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/email/verify/success');
    const [user] = await h.db.select().from(users).where(eq(users.email, 'rosa@acme.test'));
    expect(user.emailVerifiedAt?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });

  it('a tampered, empty or expired link redirects to the fail page', async () => {
    await register(valid);
    const { path } = await lastLink();
    const tampered = `${path!.slice(0, -3)}abc`;
    for (const url of [tampered, '/api/v1/email/verify', '/api/v1/email/verify?token=garbage']) {
      const res = await h.app.inject({ url });
      expect(res.headers.location).toBe('/email/verify/fail');
    }
    h.clock.advance(25 * 3600_000);
    expect((await h.app.inject({ url: path! })).headers.location).toBe('/email/verify/fail');
    const [user] = await h.db.select().from(users).where(eq(users.email, 'rosa@acme.test'));
    expect(user.emailVerifiedAt).toBeNull();
  });

  it('a link for an email that has since changed fails', async () => {
    await register(valid);
    const { path } = await lastLink();
    await h.db.update(users).set({ email: 'new@acme.test' }).where(eq(users.email, 'rosa@acme.test'));
    expect((await h.app.inject({ url: path! })).headers.location).toBe('/email/verify/fail');
  });

  it('send-verification mails a fresh link to the signed-in user, and says when already verified', async () => {
    await register(valid);
    const { access_token } = await h.login('rosa@acme.test', 'longenough1');
    const headers = { authorization: `Bearer ${access_token}` };
    const before = (await h.db.select().from(mailOutbox)).length;
    const res = await h.app.inject({ method: 'POST', url: '/api/v1/email/send-verification', headers });
    expect(res.statusCode).toBe(200);
    expect((await h.db.select().from(mailOutbox)).length).toBe(before + 1);
    await h.app.inject({ url: (await lastLink()).path! });
    const again = await h.app.inject({ method: 'POST', url: '/api/v1/email/send-verification', headers });
    expect(again.json().message).toMatch(/already verified/);
    expect((await h.app.inject({ method: 'POST', url: '/api/v1/email/send-verification' })).statusCode).toBe(
      401,
    );
  });
});
