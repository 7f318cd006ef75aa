import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { FakeGrommunio } from './fake-grommunio';
import { createHarness, type Harness } from './harness';

// Mail accounts on, against a small grommunio admin API (test/fake-grommunio.ts): the real adapter of
// platform/mail-accounts logs in, finds the domain and the mailbox, and deletes it with its files.
let h: Harness;
let grommunio: FakeGrommunio;
let org: number;
let vera: number;
let otherVa: number;

beforeAll(async () => {
  grommunio = await FakeGrommunio.start();
  h = await createHarness({
    GROMMUNIO_URL: grommunio.url,
    GROMMUNIO_USER: grommunio.user,
    GROMMUNIO_PASSWORD: grommunio.password,
    GROMMUNIO_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await h?.close();
  await grommunio?.close();
});

beforeEach(async () => {
  await h.reset();
  grommunio.reset();
  org = (await h.createOrg('Acme')).id;
  await h.createUser({ email: 'ada@acme.test', roles: ['admin'], organizationId: org });
  await h.createUser({ email: 'mia@acme.test', roles: ['manager'], organizationId: org });
  vera = (await h.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: org })).id;
  const other = (await h.createOrg('Other')).id;
  await h.createUser({ email: 'boss@other.test', roles: ['admin'], organizationId: other });
  otherVa = (await h.createUser({ email: 'olga@other.test', roles: ['va'], organizationId: other })).id;
});

const remove = async (id: number, as = 'ada@acme.test') =>
  h.app.inject({
    method: 'DELETE',
    url: `/api/v1/admin-access/grommunio/${id}`,
    headers: await h.bearer(as),
  });

describe('DELETE admin-access/grommunio/{id}', () => {
  it('logs in, finds the domain and the mailbox, deletes it with its files, answers what was removed and audits it', async () => {
    grommunio.addDomain('other.test');
    grommunio.addMailbox('vera@acme.test');
    grommunio.addMailbox('mia@acme.test');

    const res = await remove(vera);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: vera,
      email: 'vera@acme.test',
      domain: 'acme.test',
      files_deleted: true,
    });
    expect(grommunio.removed).toEqual([{ username: 'vera@acme.test', deleteFiles: true }]);
    expect(grommunio.mailboxes.map((m) => m.username)).toEqual(['mia@acme.test']);
    // The session's cookie on every call after the log-in, the CSRF header on the DELETE; none refused.
    expect(grommunio.calls.map((c) => `${c.method} ${c.path.replace(/\/\d+/g, '/N')}`)).toEqual([
      'POST /api/v1/login',
      'GET /api/v1/domains',
      'GET /api/v1/domains/N/users?username=vera%40acme.test',
      'DELETE /api/v1/domains/N/users/N?deleteFiles=true',
    ]);
    expect(grommunio.calls.slice(1).every((c) => c.cookie && c.status === 200)).toBe(true);
    expect(grommunio.calls.at(-1)?.csrf).toBe(true);

    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org), eq(auditLog.action, 'user.mailbox_removed')));
    expect(entry).toMatchObject({ entityType: 'user', entityId: vera });
    expect(entry.before).toMatchObject({ mailbox: 'vera@acme.test', domain: 'acme.test' });
  });

  it('uses the user’s mail account address when it differs from their sign-in email', async () => {
    const { id } = await h.createUser({
      email: 'sam@acme.test',
      roles: ['va'],
      organizationId: org,
      mailAccount: 'samuel@mail.acme.test',
    });
    grommunio.addMailbox('samuel@mail.acme.test');
    const res = await remove(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'samuel@mail.acme.test', domain: 'mail.acme.test' });
  });

  it('answers 404 with a clear message for a user without a mailbox, and removes nothing', async () => {
    grommunio.addMailbox('mia@acme.test');
    const res = await remove(vera);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This user has no mailbox on the mail server: nothing was removed.');
    expect(grommunio.removed).toEqual([]);
    // No domain at all for the address says the same.
    grommunio.reset();
    const again = await remove(vera);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/no mailbox/);
  });

  it("answers 404 for another organization's user and an unknown one, without calling the mail server", async () => {
    grommunio.addMailbox('olga@other.test');
    expect((await remove(otherVa)).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect(grommunio.calls).toEqual([]);
    expect(grommunio.removed).toEqual([]);
  });

  it('answers 403 to a manager and a VA', async () => {
    grommunio.addMailbox('vera@acme.test');
    expect((await remove(vera, 'mia@acme.test')).statusCode).toBe(403);
    expect((await remove(vera, 'vera@acme.test')).statusCode).toBe(403);
    expect(grommunio.removed).toEqual([]);
  });

  it('answers a clear 503 when the mail server refuses the administrator’s sign-in', async () => {
    const wrong = await createHarness({
      GROMMUNIO_URL: grommunio.url,
      GROMMUNIO_USER: grommunio.user,
      GROMMUNIO_PASSWORD: 'not-the-password',
    });
    try {
      await wrong.reset();
      const o = (await wrong.createOrg('Acme')).id;
      await wrong.createUser({ email: 'ada@acme.test', roles: ['admin'], organizationId: o });
      const { id } = await wrong.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: o });
      grommunio.addMailbox('vera@acme.test');
      const res = await wrong.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin-access/grommunio/${id}`,
        headers: await wrong.bearer('ada@acme.test'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/refused the removal/);
      expect(grommunio.calls.map((c) => c.status)).toEqual([401]);
      expect(grommunio.removed).toEqual([]);
    } finally {
      await wrong.close();
    }
  });
});

describe('GET admin-access/sign-in-and-mail', () => {
  it('tells an admin the mail server and whether SSO is on, never a password; other roles 403', async () => {
    const res = await h.app.inject({
      url: '/api/v1/admin-access/sign-in-and-mail',
      headers: await h.bearer('ada@acme.test'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      sso: { enabled: false, name: null, issuer: null, auto_create: false, default_role: null },
      mail_accounts: { enabled: true, server: grommunio.url, domain: null },
    });
    expect(res.body).not.toContain(grommunio.password);
    const va = await h.app.inject({
      url: '/api/v1/admin-access/sign-in-and-mail',
      headers: await h.bearer('vera@acme.test'),
    });
    expect(va.statusCode).toBe(403);
  });
});

describe('the mail server down, and mail accounts off', () => {
  it('answers a clear 503 when the mail server cannot be reached', async () => {
    const closed = await FakeGrommunio.start();
    const url = closed.url;
    await closed.close();
    const down = await createHarness({
      GROMMUNIO_URL: url,
      GROMMUNIO_USER: 'admin',
      GROMMUNIO_PASSWORD: 'x',
      GROMMUNIO_TIMEOUT_MS: '1000',
    });
    try {
      await down.reset();
      const o = (await down.createOrg('Acme')).id;
      await down.createUser({ email: 'ada@acme.test', roles: ['admin'], organizationId: o });
      const { id } = await down.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: o });
      const res = await down.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin-access/grommunio/${id}`,
        headers: await down.bearer('ada@acme.test'),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: 'The mail server cannot be reached right now. Nothing was removed; please try again later.',
      });
    } finally {
      await down.close();
    }
  });

  it('answers 409 mail_accounts_not_configured without GROMMUNIO_URL, and the realm says it is off', async () => {
    const off = await createHarness();
    try {
      await off.reset();
      const o = (await off.createOrg('Acme')).id;
      await off.createUser({ email: 'ada@acme.test', roles: ['admin'], organizationId: o });
      const { id } = await off.createUser({ email: 'vera@acme.test', roles: ['va'], organizationId: o });
      const res = await off.app.inject({
        method: 'DELETE',
        url: `/api/v1/admin-access/grommunio/${id}`,
        headers: await off.bearer('ada@acme.test'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'mail_accounts_not_configured',
        message_code: { code: 'mail_accounts.not_configured' },
      });
      expect((await off.app.inject({ url: '/api/v1/realm' })).json().mail_accounts_enabled).toBe(false);
      expect((await h.app.inject({ url: '/api/v1/realm' })).json().mail_accounts_enabled).toBe(true);
    } finally {
      await off.close();
    }
  });
});
