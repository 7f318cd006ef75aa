import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { authSessions } from '../src/modules/auth/auth.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { users } from '../src/modules/people/users.table';
import { createHarness, type Harness } from './harness';
import { peopleFixtures, seedOnePerRole } from './people-fixtures';

let h: Harness;
let f: ReturnType<typeof peopleFixtures>;
beforeAll(async () => {
  h = await createHarness();
  f = peopleFixtures(h);
});
afterAll(() => h?.close());

const ADMIN = 'admin@home.test';
let ids: Record<string, number>;
beforeEach(async () => {
  await h.reset();
  ids = await seedOnePerRole(f);
});

describe('GET user/{id}', () => {
  it('answers the full detail with teams, managers and live sessions', async () => {
    await f.assign(ids.client, ids.manager);
    const team = await f.team('Ops', ids.manager, [ids.client]);
    await h.login('client@home.test');
    const r = await f.as(ADMIN, 'GET', `/api/v1/admin-access/user/${ids.client}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: ids.client,
      company_name: 'Acme Ltd',
      team_ids: [team.id],
      teams: [{ id: team.id, name: 'Ops' }],
      manager_ids: [ids.manager],
      managers: [{ id: ids.manager, name: 'Mia Manager' }],
      is_client: true,
      active_sessions: 1,
    });
    expect(r.body).not.toHaveProperty('password_hash');
    expect((await f.as(ADMIN, 'GET', '/api/v1/admin-access/user/99999')).status).toBe(404);
  });
});

describe('passwords and sessions', () => {
  it('sets a password and audits it without the hash', async () => {
    const r = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user-password/${ids.va}`, {
      password: 'brand-new-pass',
    });
    expect(r.status).toBe(204);
    await expect(h.login('va@home.test', 'brand-new-pass')).resolves.toBeTruthy();
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'user.password_set'));
    expect(entry.after).toEqual({ password_changed: true });
    const short = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user-password/${ids.va}`, {
      password: 'x',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toHaveProperty('password');
    expect(
      (
        await f.as('manager@home.test', 'PATCH', `/api/v1/admin-access/user-password/${ids.va}`, {
          password: 'brand-new-pass',
        })
      ).status,
    ).toBe(403);
  });

  it('revokes all sessions of a user', async () => {
    await h.login('va@home.test');
    const headers = await h.bearer('va@home.test');
    const r = await f.as(ADMIN, 'POST', `/api/v1/admin-access/user/${ids.va}/revoke-sessions`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ revoked: 2 });
    expect((await h.app.inject({ url: '/api/v1/me', headers })).statusCode).toBe(401);
    const live = await h.db.select().from(authSessions).where(eq(authSessions.userId, ids.va));
    expect(live.every((s) => s.revokedAt)).toBe(true);
  });
});

describe('DELETE user', () => {
  it('deletes a user without history', async () => {
    const team = await f.team('Ops', null, [ids.va]);
    const r = await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/user/${ids.va}`);
    expect(r.status).toBe(204);
    expect(await h.db.select().from(users).where(eq(users.id, ids.va))).toEqual([]);
    const detail = await f.as(ADMIN, 'GET', `/api/v1/teams/${team.id}`);
    expect(detail.body.member_count).toBe(0);
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'user.deleted'));
    expect(entry.before).toMatchObject({ email: 'va@home.test', team_ids: [team.id] });
  });

  it('refuses with 409 and suggests deactivating when the user has a contract, leads a team, owns the organization or made changes', async () => {
    await f.contract(ids.va, ids.client, 'draft');
    for (const id of [ids.va, ids.client]) {
      const r = await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/user/${id}`);
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/Deactivate/);
    }
    await f.team('Led', ids.manager, []);
    expect((await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/user/${ids.manager}`)).status).toBe(409);
    const owner = await f.user('owner@home.test', 'admin');
    await h.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, 1));
    expect((await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/user/${owner.id}`)).status).toBe(409);
    const actor = await f.user('actor@home.test', 'admin');
    await f.as('actor@home.test', 'PATCH', `/api/v1/admin-access/user/${ids.root}`, {});
    await f.as('actor@home.test', 'PATCH', `/api/v1/admin-access/user-password/${ids.admin}`, {
      password: 'whatever-123',
    });
    expect((await f.as('root@home.test', 'DELETE', `/api/v1/admin-access/user/${actor.id}`)).status).toBe(
      409,
    );
  });

  it('an admin cannot delete themself', async () => {
    const r = await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/user/${ids.admin}`);
    expect(r.status).toBe(422);
  });
});

describe('client managers', () => {
  it('sets, replaces and clears the managers of a client', async () => {
    const m2 = await f.user('m2@home.test', 'manager', { firstName: 'Max', lastName: 'Two' });
    const url = `/api/v1/admin-access/client/${ids.client}/managers`;
    const set = await f.as(ADMIN, 'POST', url, { manager_ids: [ids.manager, m2.id] });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      client_id: ids.client,
      managers: [
        { id: m2.id, name: 'Max Two' },
        { id: ids.manager, name: 'Mia Manager' },
      ],
    });
    const replaced = await f.as(ADMIN, 'POST', url, { manager_ids: [m2.id] });
    expect(replaced.body.managers).toEqual([{ id: m2.id, name: 'Max Two' }]);
    const cleared = await f.as(ADMIN, 'POST', url, { manager_ids: [] });
    expect(cleared.body.managers).toEqual([]);
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.action, 'client.managers_set'));
    expect(entries).toHaveLength(3);
    expect(entries[2]).toMatchObject({ before: { manager_ids: [m2.id] }, after: { manager_ids: [] } });
  });

  it('refuses non-managers, other organizations and non-clients', async () => {
    const url = `/api/v1/admin-access/client/${ids.client}/managers`;
    const notManager = await f.as(ADMIN, 'POST', url, { manager_ids: [ids.va] });
    expect(notManager.status).toBe(422);
    expect(notManager.body.errors).toHaveProperty('manager_ids');
    const other = await h.createOrg('Other');
    const foreign = await f.user('m@other.test', 'manager', { organizationId: other.id });
    expect((await f.as(ADMIN, 'POST', url, { manager_ids: [foreign.id] })).status).toBe(422);
    expect((await f.as(ADMIN, 'POST', url, { manager_ids: 'x' })).status).toBe(422);
    const notClient = await f.as(ADMIN, 'POST', `/api/v1/admin-access/client/${ids.va}/managers`, {
      manager_ids: [],
    });
    expect(notClient.status).toBe(422);
    const foreignClient = await f.user('c@other.test', 'client', { organizationId: other.id });
    expect(
      (
        await f.as(ADMIN, 'POST', `/api/v1/admin-access/client/${foreignClient.id}/managers`, {
          manager_ids: [],
        })
      ).status,
    ).toBe(404);
    expect((await f.as('manager@home.test', 'POST', url, { manager_ids: [] })).status).toBe(403);
  });
});
