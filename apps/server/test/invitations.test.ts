import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { mailOutbox } from '../src/modules/mail/mail.table';
import { FakeSmtp } from './fake-smtp';
import { CLIENT, createHarness, type Harness } from './harness';
import { peopleFixtures, seedOnePerRole } from './people-fixtures';

const ADMIN = 'admin@home.test';
const HASH = /\$argon2/;

const newPerson = {
  email: 'ivy@home.test',
  first_name: 'Ivy',
  last_name: 'Invited',
  role: 'va',
  status: 'active',
};

/** The token of an invitation link. */
const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

describe('invitations without a mail server (the admin hands the link over)', () => {
  let h: Harness;
  let f: ReturnType<typeof peopleFixtures>;
  let ids: Record<string, number>;
  beforeAll(async () => {
    h = await createHarness();
    f = peopleFixtures(h);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await h.reset();
    ids = await seedOnePerRole(f);
  });

  const check = (token: string) =>
    h.app.inject({ url: `/api/v1/invitations?token=${encodeURIComponent(token)}` });
  const accept = (token: string, password = 'my-own-pass-1', confirmation = password) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      payload: { token, password, password_confirmation: confirmation },
    });
  const signIn = (password: string) =>
    h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username: newPerson.email, password },
    });

  async function invite(fields: Record<string, unknown> = {}) {
    const r = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', { ...newPerson, ...fields });
    expect(r.status, r.res.body).toBe(201);
    return r;
  }

  it('creates the person without a password, keeps the mail in the outbox and answers the link to the admin', async () => {
    const r = await invite();
    expect(r.body).toMatchObject({ email: newPerson.email, password_set: false });
    const invitation = r.body.invitation as { mailed: boolean; link: string; expires_at: string };
    expect(invitation.mailed).toBe(false);
    expect(invitation.link).toMatch(/^http:\/\/localhost:\d+\/invite\?token=/);
    expect(invitation.expires_at).toBe('2026-03-05T09:00:00.000Z'); // INVITE_TTL_HOURS defaults to 72
    expect(r.res.body).not.toMatch(/password_hash|"password"|\$argon2/);

    const mails = await h.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: newPerson.email, status: 'kept' });
    expect(mails[0].text).toContain(invitation.link);
    expect(mails[0].subject).toBe('Home invited you to VA Hub');

    // Without a password no password signs in (an empty one is refused as input).
    expect((await signIn('')).statusCode).toBe(422);
    for (const password of ['my-own-pass-1', 'correct-horse-1', 'dummy-password-for-timing']) {
      expect((await signIn(password)).statusCode).toBe(400);
    }
    // A person created with a password gets no invitation.
    const withPassword = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', {
      ...newPerson,
      email: 'paul@home.test',
      password: 'given-pass-1',
    });
    expect(withPassword.status).toBe(201);
    expect(withPassword.body).toMatchObject({ invitation: null, password_set: true });
  });

  it('tells who the link is for, then sets the password once and signs the person in', async () => {
    const token = tokenOf(((await invite()).body.invitation as { link: string }).link);
    const info = await check(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ first_name: 'Ivy', email: newPerson.email, organization_name: 'Home' });

    const mismatch = await accept(token, 'my-own-pass-1', 'something-else');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');

    const ok = await accept(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).not.toMatch(HASH);
    const { tokens, message } = ok.json();
    expect(message).toBeNull();
    const me = await h.app.inject({
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.json()).toMatchObject({ email: newPerson.email });
    expect((await signIn('my-own-pass-1')).statusCode).toBe(200);

    // Single use: the link died with the password.
    const again = await accept(token, 'another-pass-2');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      'This invitation was already used. Sign in with the password you chose.',
    );
    expect((await check(token)).json().message_code).toEqual({ code: 'invite.used' });
    expect((await signIn('another-pass-2')).statusCode).toBe(400);
  });

  it('refuses an expired link, a forged one and one whose person has a password set by an admin', async () => {
    const token = tokenOf(((await invite()).body.invitation as { link: string }).link);
    h.clock.advance(73 * 3600_000);
    const expired = await check(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message_code).toEqual({ code: 'invite.expired' });
    expect((await accept(token)).statusCode).toBe(404);

    expect((await check(`${token.slice(0, -4)}AAAA`)).json().message_code).toEqual({
      code: 'invite.invalid',
    });
    expect((await check('not-a-token')).statusCode).toBe(404);

    h.clock.set('2026-03-02T09:00:00Z');
    const fresh = await f.as(
      ADMIN,
      'POST',
      `/api/v1/admin-access/user/${await idOf(newPerson.email)}/invitation`,
    );
    expect(fresh.status).toBe(200);
    await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user-password/${await idOf(newPerson.email)}`, {
      password: 'set-by-admin-1',
    });
    expect((await check(tokenOf((fresh.body as { link: string }).link))).json().message_code).toEqual({
      code: 'invite.used',
    });
  });

  async function idOf(email: string) {
    const r = await f.as(ADMIN, 'GET', `/api/v1/admin-access/users/paginated?search=${email}`);
    return (
      (r.body.data as Array<{ id: number; email: string }>).find((u) => u.email === email) as { id: number }
    ).id;
  }

  it('resends to a person without a password, only for an admin of their organization', async () => {
    await invite();
    const id = await idOf(newPerson.email);
    const url = `/api/v1/admin-access/user/${id}/invitation`;
    const r = await f.as(ADMIN, 'POST', url);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ mailed: false, link: expect.stringContaining('/invite?token=') });
    const [entry] = (await h.db.select().from(auditLog)).filter((e) => e.action === 'user.invited');
    expect(entry).toMatchObject({ entityId: id, actorId: ids.admin });

    // Another organization's admin does not see them; a manager may not invite.
    const other = await h.createOrg('Elsewhere');
    await h.createUser({ email: 'boss@else.test', roles: ['admin'], organizationId: other.id });
    expect((await f.as('boss@else.test', 'POST', url)).status).toBe(404);
    expect((await f.as('manager@home.test', 'POST', url)).status).toBe(403);
    expect((await h.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    // Someone with a password cannot be invited again.
    const conflict = await f.as(ADMIN, 'POST', `/api/v1/admin-access/user/${ids.va}/invitation`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.message).toBe('This person has already set a password.');
  });

  it('an inactive person sets their password but is sent to the sign-in page', async () => {
    const token = tokenOf(((await invite({ status: 'inactive' })).body.invitation as { link: string }).link);
    const r = await accept(token);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      tokens: null,
      message: 'Your password is set. Your account is not active yet: sign in once an admin activates it.',
    });
    expect((await check(token)).statusCode).toBe(404);
  });
});

describe('invitations with a mail server', () => {
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

  it('mails the link through the mail queue and does not answer it', async () => {
    await h.reset();
    const f = peopleFixtures(h);
    await seedOnePerRole(f);
    const r = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newPerson);
    expect(r.status).toBe(201);
    expect(r.body.invitation).toMatchObject({ mailed: true, link: null });
    expect(r.res.body).not.toContain('/invite?token=');
    const [mail] = await h.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: newPerson.email, status: expect.stringMatching(/queued|sending|sent/) });
    expect(mail.text).toContain('/invite?token=');
  });
});
