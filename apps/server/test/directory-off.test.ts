import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/modules/people/users.table';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';

// Without LDAP_URL the directory is off: its calls answer 409 `directory_not_configured` (never 404), the
// settings section says so, and nobody signs in through a directory.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 30_000);
afterAll(async () => {
  await h?.close();
});

let vaId: number;
beforeEach(async () => {
  await h.reset();
  await h.createUser({ email: 'admin@acme.test', roles: ['admin'] });
  vaId = (await h.createUser({ email: 'vera@acme.test', roles: ['va'] })).id;
});

describe('directory not configured', () => {
  it('answers 409 directory_not_configured on every ldap call; the status says off', async () => {
    const headers = await h.bearer('admin@acme.test');
    const calls = [
      { method: 'GET', url: '/api/v1/admin-access/ldap/search?email=a@b.test' },
      {
        method: 'POST',
        url: '/api/v1/admin-access/ldap/create',
        payload: { user_id: vaId, email: 'vera@acme.test' },
      },
      {
        method: 'PATCH',
        url: `/api/v1/admin-access/ldap/associate/${vaId}`,
        payload: { dn: 'uid=v,dc=example,dc=org' },
      },
      { method: 'DELETE', url: `/api/v1/admin-access/ldap/${vaId}` },
      { method: 'GET', url: `/api/v1/admin-access/ldap/users/${vaId}` },
      { method: 'POST', url: '/api/v1/admin-access/directory/test' },
      { method: 'POST', url: '/api/v1/admin-access/directory/sync' },
    ] as const;
    for (const c of calls) {
      const res = await h.app.inject({ ...c, headers });
      expect({ url: c.url, status: res.statusCode, code: res.json().code }).toEqual({
        url: c.url,
        status: 409,
        code: 'directory_not_configured',
      });
    }
    const status = await h.app.inject({ method: 'GET', url: '/api/v1/admin-access/directory', headers });
    expect(status.json()).toMatchObject({ configured: false, url: null, last_sync: null });
  });

  it('a user linked while the directory is off does not sign in with the local password (503, not wrong password)', async () => {
    const { eq } = await import('drizzle-orm');
    await h.db.update(users).set({ ldapDn: 'uid=vera,dc=example,dc=org' }).where(eq(users.id, vaId));
    const res = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: { grant_type: 'password', ...CLIENT, username: 'vera@acme.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('directory_unavailable');
  });
});

describe('the directory settings', () => {
  it('parses LDAP_GROUP_ROLES and refuses incomplete or wrong settings, naming the variable', async () => {
    const { loadConfig } = await import('../src/config');
    const base = { LDAP_URL: 'ldap://127.0.0.1:389', LDAP_BASE_DN: 'dc=example,dc=org' };
    const ok = loadConfig({
      ...base,
      LDAP_GROUP_ROLES:
        'cn=vas,ou=groups,dc=example,dc=org=va; cn=bosses,ou=groups,dc=example,dc=org=manager',
    });
    expect(ok.LDAP_GROUP_ROLES).toEqual([
      { groupDn: 'cn=vas,ou=groups,dc=example,dc=org', role: 'va' },
      { groupDn: 'cn=bosses,ou=groups,dc=example,dc=org', role: 'manager' },
    ]);
    expect(ok.LDAP_USER_FILTER).toBe('(mail={email})');
    expect(() => loadConfig({ LDAP_URL: 'ldap://127.0.0.1:389' })).toThrow(/LDAP_BASE_DN/);
    expect(() => loadConfig({ ...base, LDAP_BIND_DN: 'cn=admin,dc=example,dc=org' })).toThrow(
      /LDAP_BIND_PASSWORD/,
    );
    expect(() => loadConfig({ ...base, LDAP_GROUP_ROLES: 'cn=vas,dc=example,dc=org=owner' })).toThrow(
      /LDAP_GROUP_ROLES/,
    );
    expect(() => loadConfig({ ...base, LDAP_AUTO_CREATE: 'true' })).toThrow(/LDAP_ORGANIZATION_ID/);
    expect(() => loadConfig({ ...base, LDAP_USER_FILTER: 'mail=x' })).toThrow(/LDAP_USER_FILTER/);
  });
});
