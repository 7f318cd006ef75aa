import { codeOf } from '@vahub/shared/api/messages';
import { SIGNUP_MESSAGES } from '@vahub/shared/auth/messages';
import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { FakeSmtp } from './fake-smtp';
import { createHarness, type Harness } from './harness';

// With a mail server: a new owner must verify their email (see "without a mail server" below).
let h: Harness;
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await FakeSmtp.start();
  h = await createHarness({ APP_URL: 'https://app.example.test', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
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
  const [mail] = await h.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, 'Verify your email%'))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const match = mail?.text.match(/https:\/\/app\.example\.test(\/api\/v1\/email\/verify\?token=[^\s]+)/);
  return { mail, path: match?.[1] };
}

describe('POST /api/v1/register', () => {
  it('creates the organization and its admin owner, and mails a verification link', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.registered });
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
    expect(mail).toMatchObject({ to: 'rosa@acme.test' });
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

  it('starts the organization inactive when billing is on without a trial', async () => {
    // A second app and database of its own, made inside the test: the hooks' minute, not a test's half.
    const billed = await createHarness({ STRIPE_SECRET_KEY: 'sk_test_x', BILLING_TRIAL_DAYS: '0' });
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
      expect(res.json().codes[field]).toEqual([{ code: codeOf(message)?.code }]);
      expect(res.json().codes[field][0].code).toMatch(/^signup\./);
      expect(await h.db.select().from(users)).toHaveLength(0);
    });
  }

  it('answers a taken email exactly as a free one, and mails its owner instead', async () => {
    const first = await register(valid);
    const again = await register({ ...valid, email: 'ROSA@acme.test', company_name: 'Other' });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await h.db.select().from(organizations).where(eq(organizations.name, 'Other'))).toHaveLength(0);
    expect(await h.db.select().from(users)).toHaveLength(1);
    const notices = await h.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Someone tried to sign up%'));
    expect(notices).toEqual([expect.objectContaining({ to: 'rosa@acme.test' })]);
    expect(notices[0].text).toContain('https://app.example.test/auth/login');
    // A flood of attempts on one address reaches its owner at most three times a day.
    for (let i = 0; i < 5; i++) await register({ ...valid, company_name: `Flood ${i}` });
    const flood = await h.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Someone tried%'));
    expect(flood).toHaveLength(3);
  });

  it('is one transaction: a failure after the mail was queued leaves no organization, owner nor mail', async () => {
    const queue = h.deps.mailer.queue;
    const failing = vi.spyOn(h.deps.mailer, 'queue').mockImplementation(async (uow, message) => {
      await queue(uow, message);
      throw new Error('mail refused');
    });
    try {
      expect((await register(valid)).statusCode).toBe(500);
    } finally {
      failing.mockRestore();
    }
    expect(await h.db.select().from(users)).toHaveLength(0);
    expect(await h.db.select().from(organizations)).toHaveLength(1);
    expect(await h.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('two sign-ups racing for one email: one owner, one organization; both answered alike', async () => {
    const [a, b] = await Promise.all([
      register(valid),
      register({ ...valid, email: 'ROSA@acme.test', company_name: 'Twin' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    expect(await h.db.select().from(users)).toHaveLength(1);
    // The loser's organization and verification mail rolled back with its owner; the owner hears of it.
    expect(await h.db.select().from(organizations)).toHaveLength(2);
    const subjects = (await h.db.select().from(mailOutbox)).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Someone tried to sign up to VA Hub with your email',
      'Verify your email for VA Hub',
    ]);
  });

  it('limits sign-ups per address (10 an hour by default) before any work, with Retry-After', async () => {
    expect((await register(valid)).statusCode).toBe(201);
    // Attempts on a taken email count as well.
    for (let i = 0; i < 9; i++) expect((await register(valid)).statusCode).toBe(201);
    h.clock.advance(10 * 60_000);
    const limited = await register({ ...valid, email: 'fresh@acme.test', company_name: 'Fresh' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.headers['retry-after']).toBe(String(50 * 60));
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: 'Too many sign-ups from your network. Try again in 50 minute(s).',
      message_code: { code: 'signup.too_many', params: { minutes: 50 } },
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
      expect(res.json().message_code).toEqual({ code: 'signup.closed' });
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

describe('without a mail server', () => {
  it('a new owner counts as verified at once, and the realm says verification is not required', async () => {
    const bare = await createHarness();
    try {
      await bare.reset();
      const realm = await bare.app.inject({ url: '/api/v1/realm' });
      expect(realm.json().email_verification_required).toBe(false);
      const res = await bare.app.inject({ method: 'POST', url: '/api/v1/register', payload: valid });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: SIGNUP_MESSAGES.registered_ready });
      const [user] = await bare.db.select().from(users).where(eq(users.email, 'rosa@acme.test'));
      expect(user.emailVerifiedAt?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
      // No link to send: no verification mail waits in the outbox.
      expect(await bare.db.select().from(mailOutbox)).toHaveLength(0);
      // A taken email still answers the same.
      const again = await bare.app.inject({ method: 'POST', url: '/api/v1/register', payload: valid });
      expect(again.json()).toEqual(res.json());
    } finally {
      await bare.close();
    }
    expect((await h.app.inject({ url: '/api/v1/realm' })).json().email_verification_required).toBe(true);
  });
});
