import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { organizations } from '../src/modules/organizations/organizations.table';
import { domainEvents } from '../src/platform/events/events.table';
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

const newUser = (over: Record<string, unknown> = {}) => ({
  email: 'New.Person@Home.test',
  first_name: 'New',
  last_name: 'Person',
  password: 'long-enough-1',
  role: 'va',
  timezone: 'Asia/Manila',
  ...over,
});

describe('POST user', () => {
  it('creates a user with roles, teams and a lower-cased email, and audits it without secrets', async () => {
    const team = await f.team('Support', null, []);
    const r = await f.as(
      ADMIN,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ roles: ['manager'], team_ids: [team.id] }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      email: 'new.person@home.test',
      status: 'active',
      team_ids: [team.id],
      is_va: true,
      is_manager: true,
      roles: [{ name: 'va' }, { name: 'manager' }],
      teams: [{ id: team.id, name: 'Support' }],
    });
    expect(r.body).not.toHaveProperty('password_hash');
    const [entry] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, r.body.id as number));
    expect(entry).toMatchObject({
      action: 'user.created',
      entityType: 'user',
      actorId: ids.admin,
      before: null,
    });
    expect(JSON.stringify(entry.after)).not.toMatch(/password|argon/i);
    expect(entry.after).toMatchObject({ email: 'new.person@home.test', team_ids: [team.id] });
    // The new person can sign in with the password they were given.
    await expect(h.login('new.person@home.test', 'long-enough-1')).resolves.toBeTruthy();
  });

  it('takes the organization timezone when none is sent', async () => {
    await h.db.update(organizations).set({ timezone: 'Europe/Warsaw' }).where(eq(organizations.id, 1));
    const r = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser({ timezone: undefined }));
    expect(r.body.timezone).toBe('Europe/Warsaw');
  });

  it('refuses a taken email whatever its case', async () => {
    const r = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser({ email: 'VA@home.TEST' }));
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('email');
  });

  it.each([
    [{ password: 'short' }, 'password'],
    [{ email: 'not-an-email' }, 'email'],
    [{ role: 'boss' }, 'role'],
    [{ first_name: '' }, 'first_name'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ status: 'sleeping' }, 'status'],
    [{ phone: 'call me' }, 'phone'],
  ])('refuses bad input %o', async (over, field) => {
    const r = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser(over));
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty(field);
  });

  it('applies the role flag rules of the spec', async () => {
    const adminFlag = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser({ is_admin: true }));
    expect(adminFlag.status).toBe(422);
    expect(adminFlag.body.errors).toEqual({
      is_admin: ['The Admin flag requires the selected role to be Admin.'],
    });
    const clientFlag = await f.as(
      ADMIN,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ is_client: true, role: 'manager' }),
    );
    expect(clientFlag.body.errors).toEqual({
      is_client: ['The Client flag requires the selected role to be Client.'],
    });
    const ok = await f.as(
      ADMIN,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ role: 'admin', is_admin: true }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.is_admin).toBe(true);
    // On update without a role, the flag is checked against the user's highest role.
    const upd = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.va}`, { is_client: true });
    expect(upd.status).toBe(422);
    expect(upd.body.errors).toHaveProperty('is_client');
  });

  it('only a super admin grants super admin', async () => {
    const r = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser({ role: 'super_admin' }));
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('roles');
    const ok = await f.as(
      'root@home.test',
      'POST',
      '/api/v1/admin-access/user',
      newUser({ role: 'super_admin' }),
    );
    expect(ok.status).toBe(201);
  });

  it('refuses teams and managers of another organization, and managers for a non-client', async () => {
    const other = await h.createOrg('Other');
    const foreignTeam = await f.team('Foreign', null, [], other.id);
    const foreignManager = await f.user('m2@other.test', 'manager', { organizationId: other.id });
    const t = await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser({ team_ids: [foreignTeam.id] }));
    expect(t.body.errors).toHaveProperty('team_ids');
    const m = await f.as(
      ADMIN,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ role: 'client', manager_ids: [foreignManager.id] }),
    );
    expect(m.body.errors).toHaveProperty('manager_ids');
    const nonClient = await f.as(
      ADMIN,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ manager_ids: [ids.manager] }),
    );
    expect(nonClient.body.errors).toHaveProperty('manager_ids');
    const client = await f.as(
      ADMIN,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ role: 'client', company_name: 'Beta', manager_ids: [ids.manager] }),
    );
    expect(client.status).toBe(201);
    expect(client.body).toMatchObject({
      company_name: 'Beta',
      manager_ids: [ids.manager],
      managers: [{ id: ids.manager, name: 'Mia Manager' }],
    });
  });

  it('is for admins only', async () => {
    for (const email of ['manager@home.test', 'client@home.test', 'va@home.test']) {
      const r = await f.as(email, 'POST', '/api/v1/admin-access/user', newUser());
      expect(r.status, email).toBe(403);
    }
  });
});

describe('user limit', () => {
  let orgAdmin: string;
  beforeEach(async () => {
    const org = await h.createOrg('Small', { maxUsers: 2 });
    orgAdmin = 'boss@small.test';
    await f.user(orgAdmin, 'admin', { organizationId: org.id });
    await f.user('va1@small.test', 'va', { organizationId: org.id });
    await f.user('off@small.test', 'va', { organizationId: org.id, status: 'inactive' });
  });

  it('refuses a new active user, accepts an inactive one, refuses re-activating', async () => {
    const active = await f.as(orgAdmin, 'POST', '/api/v1/admin-access/user', newUser());
    expect(active.status).toBe(422);
    expect(active.body.message).toBe(
      'Your plan allows 2 active users. Upgrade the plan or deactivate someone first.',
    );
    // The same problem as codes, so the web says it in the user's language.
    expect(active.body.codes).toEqual({ status: [{ code: 'users.user_limit', params: { max: 2 } }] });
    expect(active.body.message_code).toEqual({ code: 'users.user_limit', params: { max: 2 } });
    const inactive = await f.as(
      orgAdmin,
      'POST',
      '/api/v1/admin-access/user',
      newUser({ status: 'inactive' }),
    );
    expect(inactive.status).toBe(201);
    const again = await f.as(orgAdmin, 'PATCH', `/api/v1/admin-access/user/${inactive.body.id}`, {
      status: 'active',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('status');
    // Other edits of an inactive user still work.
    const rename = await f.as(orgAdmin, 'PATCH', `/api/v1/admin-access/user/${inactive.body.id}`, {
      first_name: 'Renamed',
    });
    expect(rename.status).toBe(200);
  });

  it('never limits the home organization', async () => {
    await h.db.update(organizations).set({ maxUsers: 1 }).where(eq(organizations.id, 1));
    expect((await f.as(ADMIN, 'POST', '/api/v1/admin-access/user', newUser())).status).toBe(201);
  });
});

describe('PATCH user', () => {
  it('updates the profile, roles and teams and audits before and after', async () => {
    const r = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.va}`, {
      first_name: 'Victor',
      role: 'va',
      roles: ['manager'],
      position: 'Lead',
      email: 'victor@home.test',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      first_name: 'Victor',
      email: 'victor@home.test',
      position: 'Lead',
      is_manager: true,
    });
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'user.updated'));
    expect(entry.before).toMatchObject({ first_name: 'Vic', roles: ['va'] });
    expect(entry.after).toMatchObject({ first_name: 'Victor', roles: ['va', 'manager'] });
  });

  it('refuses an email taken by someone else, accepts its own in another case', async () => {
    const taken = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.va}`, {
      email: 'CLIENT@home.test',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toHaveProperty('email');
    const own = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.va}`, { email: 'VA@home.test' });
    expect(own.status).toBe(200);
  });

  it('deactivating ends the sessions and raises user.deactivated', async () => {
    const vaHeaders = await h.bearer('va@home.test');
    const r = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.va}`, { status: 'onhold' });
    expect(r.status).toBe(200);
    expect(r.body.active_sessions).toBe(0);
    expect((await h.app.inject({ url: '/api/v1/me', headers: vaHeaders })).statusCode).toBe(401);
    const events = await h.db.select().from(domainEvents).where(eq(domainEvents.type, 'user.deactivated'));
    expect(events.map((e) => e.payload)).toEqual([{ user_id: ids.va }]);
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'user.status_changed'));
    expect(entry.before).toMatchObject({ status: 'active' });
    expect(entry.after).toMatchObject({ status: 'onhold' });
  });

  it('an admin can neither deactivate themself nor drop their own admin role', async () => {
    const s = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.admin}`, { status: 'inactive' });
    expect(s.body.errors).toHaveProperty('status');
    const r = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.admin}`, { role: 'va' });
    expect(r.body.errors).toHaveProperty('role');
  });

  it('an admin cannot touch a super admin; another organization is 404', async () => {
    expect(
      (await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.root}`, { first_name: 'X' })).status,
    ).toBe(403);
    const other = await h.createOrg('Other');
    const stranger = await f.user('x@other.test', 'va', { organizationId: other.id });
    expect(
      (await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${stranger.id}`, { first_name: 'X' })).status,
    ).toBe(404);
    expect((await f.as(ADMIN, 'GET', `/api/v1/admin-access/user/${stranger.id}`)).status).toBe(404);
    expect((await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/user/${stranger.id}`)).status).toBe(404);
  });

  it('a user who stops being a client loses their managers', async () => {
    await f.assign(ids.client, ids.manager);
    const r = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/user/${ids.client}`, { role: 'va' });
    expect(r.status).toBe(200);
    expect(r.body.manager_ids).toEqual([]);
  });
});
