import { type AddressInfo, createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Client } from 'ldapts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { authSessions } from '../src/modules/auth/auth.table';
import { syncAll } from '../src/modules/directory/directory.sync';
import { users } from '../src/modules/people/users.table';
import { createLdapDirectory } from '../src/platform/directory/ldap-directory';
import { sshaHash, sshaMatches } from '../src/platform/directory/ssha';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';
import {
  ADMIN_DN,
  ADMIN_PASSWORD,
  groupDn,
  groupLdif,
  ldapEnv,
  personDn,
  personLdif,
  type Slapd,
  slapdAvailable,
  startSlapd,
} from './slapd';

// The directory against a real slapd this file starts (test/slapd.ts): the `ldapts` adapter of
// platform/directory talks to it as the service account (its admin) and binds as people to sign them in.
const run = slapdAvailable();
const ADMIN_API = '/api/v1/admin-access';
const ANA_PW = 'ana-directory-pw-1';

let h: Harness;
let slapd: Slapd;
let port: number;

const SEED = [
  personLdif({ uid: 'ana', mail: 'ana@acme.test', givenName: 'Ana', sn: 'Lopez', password: ANA_PW }),
  personLdif({
    uid: 'ben',
    mail: 'ben@acme.test',
    givenName: 'Ben',
    sn: 'Okafor',
    password: 'ben-directory-pw-1',
  }),
  personLdif({
    uid: 'nora',
    mail: 'nora@acme.test',
    givenName: 'Nora',
    sn: 'New',
    password: 'nora-directory-pw-1',
  }),
  personLdif({
    uid: 'gus',
    mail: 'gus@acme.test',
    givenName: 'Gus',
    sn: 'Groupless',
    password: 'gus-directory-pw-1',
  }),
  groupLdif('vas', [personDn('ana'), personDn('nora')]),
  groupLdif('managers', [personDn('ben')]),
].join('\n');

describe.skipIf(!run)('directory (LDAP) against slapd', () => {
  beforeAll(async () => {
    slapd = await startSlapd({ seed: SEED });
    port = slapd.port;
    h = await createHarness(
      ldapEnv(slapd, {
        LDAP_GROUP_ROLES: `${groupDn('vas')}=va;${groupDn('managers')}=manager`,
        LDAP_AUTO_CREATE: 'true',
        LDAP_ORGANIZATION_ID: '1',
        LDAP_DISABLED_ATTRIBUTE: 'employeeType',
      }),
    );
  }, 30_000);
  afterAll(async () => {
    await h?.close();
    await slapd?.stop();
  });

  let vaId: number;
  let otherVaId: number;
  beforeEach(async () => {
    await h.reset();
    // A fresh directory for each test, on the same port the server is configured with.
    await slapd.stop();
    slapd = await startSlapd({ port, seed: SEED });
    await h.createUser({ email: 'admin@acme.test', roles: ['admin'] });
    vaId = (
      await h.createUser({ email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lopez', roles: ['va'] })
    ).id;
    await h.createUser({ email: 'mia@acme.test', roles: ['manager'] });
    const other = await h.createOrg('Other');
    await h.createUser({ email: 'boss@other.test', roles: ['admin'], organizationId: other.id });
    otherVaId = (await h.createUser({ email: 'olga@other.test', roles: ['va'], organizationId: other.id }))
      .id;
  });

  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    email = 'admin@acme.test',
  ) =>
    h.app.inject({
      method,
      url,
      headers: await h.bearer(email),
      ...(payload ? { payload: payload as object } : {}),
    });

  const signIn = (username: string, password: string) =>
    h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username, password },
    });

  const link = (id: number, dn: string) => call('PATCH', `${ADMIN_API}/ldap/associate/${id}`, { dn });
  const userRow = async (id: number) => (await h.db.select().from(users).where(eq(users.id, id)))[0];
  const auditActions = async (entityId: number) =>
    (await h.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).map((e) => e.action);

  it('searches the directory by email: the entry, its groups, its mapped role and who holds it', async () => {
    const res = await call('GET', `${ADMIN_API}/ldap/search?email=ANA@acme.test`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries).toEqual([
      {
        dn: personDn('ana'),
        email: 'ana@acme.test',
        first_name: 'Ana',
        last_name: 'Lopez',
        uid: 'ana',
        groups: [groupDn('vas')],
        mapped_role: 'va',
        disabled: false,
        linked_user: null,
        linked_elsewhere: false,
      },
    ]);
    await link(vaId, personDn('ana'));
    const again = await call('GET', `${ADMIN_API}/ldap/search?email=ana@acme.test`);
    expect(again.json().entries[0].linked_user).toEqual({
      id: vaId,
      name: 'Ana Lopez',
      email: 'ana@acme.test',
    });
    expect((await call('GET', `${ADMIN_API}/ldap/search?email=nobody@acme.test`)).json().entries).toEqual([]);
    const bad = await call('GET', `${ADMIN_API}/ldap/search?email=not-an-email`);
    expect(bad.statusCode).toBe(422);
  });

  it('associates one entry with one user (409 for a DN linked to someone else), audited; unlinks and the entry stays', async () => {
    const res = await link(vaId, personDn('ana'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: vaId,
      dn: personDn('ana'),
      entry: { email: 'ana@acme.test' },
    });
    expect((await userRow(vaId)).ldapDn).toBe(personDn('ana'));

    const mia = (await h.db.select().from(users).where(eq(users.email, 'mia@acme.test')))[0];
    const taken = await link(mia.id, personDn('ana'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('Ana Lopez');
    // Another spelling of the same DN is the same entry.
    expect((await link(mia.id, 'UID=ana, ou=People,dc=example,dc=org')).statusCode).toBe(409);
    // An entry that does not exist is refused.
    const missing = await link(mia.id, personDn('nobody'));
    expect(missing.statusCode).toBe(422);

    const unlink = await call('DELETE', `${ADMIN_API}/ldap/${vaId}`);
    expect(unlink.statusCode).toBe(204);
    expect((await userRow(vaId)).ldapDn).toBeNull();
    expect((await call('GET', `${ADMIN_API}/ldap/search?email=ana@acme.test`)).json().entries).toHaveLength(
      1,
    );
    expect((await call('DELETE', `${ADMIN_API}/ldap/${vaId}`)).statusCode).toBe(404);
    expect(await auditActions(vaId)).toEqual(['user.directory_linked', 'user.directory_unlinked']);
  });

  it('creates an entry for a user and links it; a password set then makes a working directory account', async () => {
    const zed = await h.createUser({
      email: 'zed@acme.test',
      firstName: 'Zed',
      lastName: 'Zulu',
      roles: ['va'],
    });
    const res = await call('POST', `${ADMIN_API}/ldap/create`, { user_id: zed.id, email: 'zed@acme.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      dn: personDn('zed'),
      entry: { email: 'zed@acme.test', first_name: 'Zed', last_name: 'Zulu', uid: 'zed' },
    });
    // No password in the directory yet: nobody signs in, the local password neither.
    expect((await signIn('zed@acme.test', PASSWORD)).statusCode).toBe(400);

    const set = await call('PATCH', `${ADMIN_API}/user-password/${zed.id}`, { password: 'zed-new-secret-9' });
    expect(set.statusCode).toBe(204);
    expect((await signIn('zed@acme.test', 'zed-new-secret-9')).statusCode).toBe(200);
    expect(await auditActions(zed.id)).toEqual(['user.directory_entry_created', 'user.password_set']);
    // Linked already: a second create is refused.
    const again = await call('POST', `${ADMIN_API}/ldap/create`, { user_id: zed.id, email: 'zed@acme.test' });
    expect(again.statusCode).toBe(409);
  });

  it('signs a linked user in with the directory password only; wrong is 400, the directory down is 503', async () => {
    await link(vaId, personDn('ana'));
    const ok = await signIn('ana@acme.test', ANA_PW);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    const wrong = await signIn('ana@acme.test', 'not-her-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    // The local password (still stored) does not let a linked user in.
    expect((await signIn('ana@acme.test', PASSWORD)).statusCode).toBe(400);
    // An empty password would be an anonymous bind: refused.
    expect((await signIn('ana@acme.test', '')).statusCode).not.toBe(200);

    await slapd.stop();
    const down = await signIn('ana@acme.test', ANA_PW);
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('directory_unavailable');
    // Unlinked users are not affected by the directory being down.
    expect((await signIn('mia@acme.test', PASSWORD)).statusCode).toBe(200);
    slapd = await startSlapd({ port, seed: SEED });
  });

  it("writes a linked user's own password change to the directory ({SSHA}); the new one binds, the old one no longer", async () => {
    await link(vaId, personDn('ana'));
    const headers = {
      authorization: `Bearer ${(await signIn('ana@acme.test', ANA_PW)).json().access_token}`,
    };
    const wrongOld = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers,
      payload: {
        old_password: PASSWORD,
        password: 'ana-changed-pw-2',
        password_confirmation: 'ana-changed-pw-2',
      },
    });
    expect(wrongOld.statusCode).toBe(422);
    const changed = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me/password',
      headers,
      payload: {
        old_password: ANA_PW,
        password: 'ana-changed-pw-2',
        password_confirmation: 'ana-changed-pw-2',
      },
    });
    expect(changed.statusCode).toBe(204);
    expect((await signIn('ana@acme.test', 'ana-changed-pw-2')).statusCode).toBe(200);
    expect((await signIn('ana@acme.test', ANA_PW)).statusCode).toBe(400);
    // Stored hashed, as {SSHA} of the new password.
    const reader = new Client({ url: slapd.url });
    await reader.bind(ADMIN_DN, ADMIN_PASSWORD);
    const { searchEntries } = await reader.search(personDn('ana'), {
      scope: 'base',
      attributes: ['userPassword'],
    });
    await reader.unbind();
    const stored = String(searchEntries[0].userPassword);
    expect(stored.startsWith('{SSHA}')).toBe(true);
    expect(sshaMatches(stored, 'ana-changed-pw-2')).toBe(true);
    const me = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(me.json().directory_linked).toBe(true);
  });

  it('auto-creates a person of a mapped group at their first sign-in, with the mapped role, linked', async () => {
    const res = await signIn('nora@acme.test', 'nora-directory-pw-1');
    expect(res.statusCode).toBe(200);
    const [nora] = await h.db.select().from(users).where(eq(users.email, 'nora@acme.test'));
    expect(nora).toMatchObject({
      organizationId: 1,
      roles: ['va'],
      status: 'active',
      ldapDn: personDn('nora'),
    });
    expect(nora.firstName).toBe('Nora');
    expect(await auditActions(nora.id)).toEqual(['user.created']);
    const ben = await signIn('ben@acme.test', 'ben-directory-pw-1');
    expect(ben.statusCode).toBe(200);
    expect((await h.db.select().from(users).where(eq(users.email, 'ben@acme.test')))[0].roles).toEqual([
      'manager',
    ]);
  });

  it('refuses auto-create like a wrong password: no mapped group, or a wrong directory password', async () => {
    const groupless = await signIn('gus@acme.test', 'gus-directory-pw-1');
    expect(groupless.statusCode).toBe(400);
    expect(groupless.json().error).toBe('invalid_grant');
    expect((await signIn('nora@acme.test', 'wrong-password-1')).statusCode).toBe(400);
    const created = await h.db.select().from(users).where(eq(users.email, 'gus@acme.test'));
    expect(created).toEqual([]);
    expect(await h.db.select().from(users).where(eq(users.email, 'nora@acme.test'))).toEqual([]);
  });

  it('syncs: a removed entry deactivates its user (sessions ended), a renamed one follows, group changes move roles', async () => {
    await link(vaId, personDn('ana'));
    const ben = await h.createUser({
      email: 'ben@acme.test',
      firstName: 'Ben',
      lastName: 'Okafor',
      roles: ['va'],
    });
    await link(ben.id, personDn('ben'));
    const nora = await h.createUser({
      email: 'nora@acme.test',
      firstName: 'Nora',
      lastName: 'New',
      roles: ['va'],
    });
    await link(nora.id, personDn('nora'));
    // Nora holds a session that the sync must end.
    await signIn('nora@acme.test', 'nora-directory-pw-1');

    await slapd.remove(personDn('nora'));
    await slapd.ldif(
      `dn: ${personDn('ana')}\nchangetype: modify\nreplace: sn\nsn: Lopez-Diaz\n-\nreplace: mail\nmail: ana.diaz@acme.test\n`,
      true,
    );
    // Ben is a VA here but in `managers` there: va (a mapped role, and he is not in `vas`) goes, manager comes.
    const res = await call('POST', `${ADMIN_API}/directory/sync`);
    expect(res.statusCode).toBe(200);
    const sync = res.json();
    expect(sync).toMatchObject({ trigger: 'manual', checked: 3, failure: null });
    expect(sync.deactivated).toEqual([{ user_id: nora.id, name: 'Nora New', reason: 'gone' }]);
    expect(sync.updated).toEqual([{ user_id: vaId, name: 'Ana Lopez-Diaz', fields: ['last_name', 'email'] }]);
    expect(sync.roles_changed).toEqual([
      { user_id: ben.id, name: 'Ben Okafor', before: ['va'], after: ['manager'] },
    ]);

    expect((await userRow(nora.id)).status).toBe('inactive');
    const live = await h.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, nora.id)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await userRow(vaId)).toMatchObject({ lastName: 'Lopez-Diaz', email: 'ana.diaz@acme.test' });
    expect((await userRow(ben.id)).roles).toEqual(['manager']);

    // Ben is added to vas: the highest mapped role stays manager; removed from managers, he becomes a VA.
    await slapd.ldif(
      `dn: ${groupDn('managers')}\nchangetype: modify\nreplace: member\nmember: ${personDn('ana')}\n`,
      true,
    );
    await slapd.ldif(
      `dn: ${groupDn('vas')}\nchangetype: modify\nadd: member\nmember: ${personDn('ben')}\n`,
      true,
    );
    const second = (await call('POST', `${ADMIN_API}/directory/sync`)).json();
    expect(second.roles_changed).toEqual(
      expect.arrayContaining([
        { user_id: ben.id, name: 'Ben Okafor', before: ['manager'], after: ['va'] },
        { user_id: vaId, name: 'Ana Lopez-Diaz', before: ['va'], after: ['manager'] },
      ]),
    );
    // The run is stored, audited, and shown with the status.
    const status = (await call('GET', `${ADMIN_API}/directory`)).json();
    expect(status).toMatchObject({ configured: true, linked_users: 3, last_sync: { id: second.id } });
    expect(status).not.toHaveProperty('bind_password');
    expect(JSON.stringify(status)).not.toContain('slapd-admin-secret');
    const runs = await h.db.select().from(auditLog).where(eq(auditLog.action, 'directory.synced'));
    expect(runs).toHaveLength(2);
    expect((await auditActions(nora.id)).includes('user.status_changed')).toBe(true);
  });

  it('deactivates a user whose entry is disabled (LDAP_DISABLED_ATTRIBUTE), and refuses their sign-in', async () => {
    await link(vaId, personDn('ana'));
    await slapd.ldif(
      `dn: ${personDn('ana')}\nchangetype: modify\nadd: employeeType\nemployeeType: disabled\n`,
      true,
    );
    const refused = await signIn('ana@acme.test', ANA_PW);
    expect(refused.statusCode).toBe(400);
    const runs = await syncAll(h.deps);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      trigger: 'schedule',
      deactivated: [{ user_id: vaId, reason: 'disabled' }],
    });
    expect((await userRow(vaId)).status).toBe('inactive');
  });

  it('a sync with the directory down changes nobody and says why', async () => {
    await link(vaId, personDn('ana'));
    await slapd.stop();
    const res = await call('POST', `${ADMIN_API}/directory/sync`);
    expect(res.statusCode).toBe(200);
    expect(res.json().failure).toMatch(/could not be reached/);
    expect((await userRow(vaId)).status).toBe('active');
    const test = (await call('POST', `${ADMIN_API}/directory/test`)).json();
    expect(test.ok).toBe(false);
    slapd = await startSlapd({ port, seed: SEED });
    expect((await call('POST', `${ADMIN_API}/directory/test`)).json().ok).toBe(true);
  });

  it('the adapter: a wrong service account and a server that never answers are 503 directory_unavailable', async () => {
    const settings = {
      url: slapd.url,
      bindDn: ADMIN_DN,
      bindPassword: 'not-the-admin-password',
      baseDn: 'dc=example,dc=org',
      usersDn: 'ou=people,dc=example,dc=org',
      userFilter: '(mail={email})',
      startTls: false,
      caFile: null,
      timeoutMs: 300,
      attributes: {
        email: 'mail',
        firstName: 'givenName',
        lastName: 'sn',
        uid: 'uid',
        disabled: 'employeeType',
      },
    };
    const wrong = createLdapDirectory(settings, h.deps.log);
    await expect(wrong.searchByEmail('ana@acme.test')).rejects.toMatchObject({
      code: 'directory_unavailable',
      message: expect.stringContaining('LDAP_BIND_PASSWORD'),
    });
    // A person's own bind does not need the service account.
    expect(await wrong.verifyPassword(personDn('ana'), ANA_PW)).toBe(true);

    // Accepts the connection, never answers: the call ends at its deadline.
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port: silentPort } = silent.address() as AddressInfo;
    const hung = createLdapDirectory({ ...settings, url: `ldap://127.0.0.1:${silentPort}` }, h.deps.log);
    const started = Date.now();
    await expect(hung.verifyPassword(personDn('ana'), ANA_PW)).rejects.toMatchObject({
      code: 'directory_unavailable',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    silent.close();
  });

  it("answers 404 for another organization's user and 403 to other roles", async () => {
    expect((await link(otherVaId, personDn('ana'))).statusCode).toBe(404);
    expect((await call('DELETE', `${ADMIN_API}/ldap/${otherVaId}`)).statusCode).toBe(404);
    expect((await call('GET', `${ADMIN_API}/ldap/users/${otherVaId}`)).statusCode).toBe(404);
    const create = await call('POST', `${ADMIN_API}/ldap/create`, {
      user_id: otherVaId,
      email: 'olga@other.test',
    });
    expect(create.statusCode).toBe(404);
    // The other organization's admin sees the entry as taken, not by whom.
    await link(vaId, personDn('ana'));
    const seen = await call(
      'GET',
      `${ADMIN_API}/ldap/search?email=ana@acme.test`,
      undefined,
      'boss@other.test',
    );
    expect(seen.json().entries[0]).toMatchObject({ linked_user: null, linked_elsewhere: true });
    await h.createUser({ email: 'vic@acme.test', roles: ['va'] });
    for (const email of ['mia@acme.test', 'vic@acme.test']) {
      const res = await call('GET', `${ADMIN_API}/ldap/search?email=ana@acme.test`, undefined, email);
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await call('PATCH', `${ADMIN_API}/ldap/associate/${vaId}`, { dn: personDn('ben') }, 'mia@acme.test'))
        .statusCode,
    ).toBe(403);
    expect((await call('POST', `${ADMIN_API}/directory/sync`, undefined, 'mia@acme.test')).statusCode).toBe(
      403,
    );
  });
});

describe('{SSHA}', () => {
  it('is base64 of SHA-1(password + salt) + salt, and checks only the right password', () => {
    const salt = Buffer.from('0123456789abcdef', 'hex');
    // Computed independently (Python's hashlib): base64(sha1(b'secret' + salt).digest() + salt).
    expect(sshaHash('secret', salt)).toBe('{SSHA}A2cie4ShwUr6PZrFaCP1aj17nrQBI0VniavN7w==');
    const hash = sshaHash('secret');
    expect(hash).toMatch(/^\{SSHA\}[A-Za-z0-9+/]{38}==$/);
    expect(sshaMatches(hash, 'secret')).toBe(true);
    expect(sshaMatches(hash, 'Secret')).toBe(false);
    expect(sshaHash('secret')).not.toBe(hash);
  });
});
