import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.table';
import { createHarness, type Harness } from './harness';
import { peopleFixtures } from './people-fixtures';

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
  ids = {
    admin: (await f.user(ADMIN, 'admin')).id,
    manager: (await f.user('manager@home.test', 'manager', { firstName: 'Mia', lastName: 'Manager' })).id,
    client: (await f.user('client@home.test', 'client')).id,
    va: (await f.user('va@home.test', 'va', { firstName: 'Vic', lastName: 'Assistant' })).id,
    va2: (await f.user('va2@home.test', 'va', { firstName: 'Ann', lastName: 'Other' })).id,
  };
});

const create = (payload: Record<string, unknown>) =>
  f.as(ADMIN, 'POST', '/api/v1/admin-access/teams', payload);

describe('teams CRUD', () => {
  it('creates, renames, changes members and deletes a team, auditing each change', async () => {
    const c = await create({
      name: 'Support',
      description: 'Tier 1',
      leader_id: ids.manager,
      member_ids: [ids.va, ids.va],
    });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({
      name: 'Support',
      description: 'Tier 1',
      leader: { id: ids.manager, name: 'Mia Manager' },
      member_count: 1,
      members: [
        {
          id: ids.va,
          name: 'Vic Assistant',
          email: 'va@home.test',
          roles: [{ name: 'va' }],
          status: 'active',
        },
      ],
    });
    const id = c.body.id as number;
    const u = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/${id}`, {
      name: 'Support EU',
      member_ids: [ids.va2],
      leader_id: null,
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      name: 'Support EU',
      leader: null,
      member_count: 1,
      members: [{ id: ids.va2 }],
    });
    const d = await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/teams/${id}`);
    expect(d.status).toBe(204);
    expect((await f.as(ADMIN, 'GET', `/api/v1/teams/${id}`)).status).toBe(404);
    const entries = await h.db.select().from(auditLog).where(eq(auditLog.entityType, 'team'));
    expect(entries.map((e) => e.action)).toEqual(['team.created', 'team.updated', 'team.deleted']);
    expect(entries[1]).toMatchObject({
      before: { name: 'Support', leader_id: ids.manager, member_ids: [ids.va] },
      after: { name: 'Support EU', leader_id: null, member_ids: [ids.va2] },
    });
  });

  it('keeps names unique per organization, whatever the case', async () => {
    await create({ name: 'Support' });
    const dup = await create({ name: '  SUPPORT ' });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toHaveProperty('name');
    const other = await create({ name: 'Sales' });
    const rename = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/${other.body.id}`, {
      name: 'support',
    });
    expect(rename.body.errors).toHaveProperty('name');
    // Its own name in another case is fine, and another organization may use the name.
    expect(
      (await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/${other.body.id}`, { name: 'SALES' })).status,
    ).toBe(200);
    const org = await h.createOrg('Other');
    await f.user('boss@other.test', 'admin', { organizationId: org.id });
    expect(
      (await f.as('boss@other.test', 'POST', '/api/v1/admin-access/teams', { name: 'Support' })).status,
    ).toBe(201);
  });

  it('refuses bad input: no name, foreign leader or members', async () => {
    expect((await create({})).body.errors).toHaveProperty('name');
    expect((await create({ name: '' })).body.errors).toHaveProperty('name');
    expect((await create({ name: 'x'.repeat(81) })).status).toBe(422);
    const org = await h.createOrg('Other');
    const stranger = await f.user('x@other.test', 'manager', { organizationId: org.id });
    expect((await create({ name: 'A', leader_id: stranger.id })).body.errors).toHaveProperty('leader_id');
    expect((await create({ name: 'A', member_ids: [ids.va, stranger.id] })).body.errors).toHaveProperty(
      'member_ids',
    );
    expect((await create({ name: 'A', member_ids: 'all' })).body.errors).toHaveProperty('member_ids');
  });

  it('another organization’s team is 404', async () => {
    const org = await h.createOrg('Other');
    const foreign = await f.team('Foreign', null, [], org.id);
    expect(
      (await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/${foreign.id}`, { name: 'Mine' })).status,
    ).toBe(404);
    expect((await f.as(ADMIN, 'DELETE', `/api/v1/admin-access/teams/${foreign.id}`)).status).toBe(404);
    expect((await f.as(ADMIN, 'GET', `/api/v1/teams/${foreign.id}`)).status).toBe(404);
  });

  it('writes are for admins only', async () => {
    const team = await f.team('T', null, []);
    for (const email of ['manager@home.test', 'client@home.test', 'va@home.test']) {
      expect((await f.as(email, 'POST', '/api/v1/admin-access/teams', { name: 'X' })).status, email).toBe(
        403,
      );
      expect(
        (await f.as(email, 'PATCH', `/api/v1/admin-access/teams/${team.id}`, { name: 'X' })).status,
        email,
      ).toBe(403);
      expect((await f.as(email, 'DELETE', `/api/v1/admin-access/teams/${team.id}`)).status, email).toBe(403);
      expect(
        (await f.as(email, 'PATCH', `/api/v1/admin-access/teams/users/${ids.va}`, { team_ids: [] })).status,
        email,
      ).toBe(403);
    }
  });
});

describe('GET teams', () => {
  it('admins list every team of the organization; anyone else the teams they lead or belong to', async () => {
    await f.team('Beta', ids.manager, [ids.va, ids.va2]);
    await f.team('alpha', null, []);
    const org = await h.createOrg('Other');
    await f.team('Foreign', null, [], org.id);
    const names = async (email: string) => {
      const r = await f.as(email, 'GET', '/api/v1/teams');
      expect(r.status, email).toBe(200);
      return (r.body.data as Array<Record<string, unknown>>).map((t) => [t.name, t.member_count]);
    };
    expect(await names(ADMIN)).toEqual([
      ['alpha', 0],
      ['Beta', 2],
    ]);
    expect(await names('manager@home.test')).toEqual([['Beta', 2]]);
    expect(await names('va@home.test')).toEqual([['Beta', 2]]);
    expect(await names('client@home.test')).toEqual([]);
    const all = await f.as(ADMIN, 'GET', '/api/v1/teams');
    expect(all.body.meta).toEqual({ current_page: 1, per_page: 100, total: 2, last_page: 1 });
    const search = await f.as(ADMIN, 'GET', '/api/v1/teams?search=BET');
    expect((search.body.data as unknown[]).length).toBe(1);
    expect((await f.as(ADMIN, 'GET', '/api/v1/teams?per_page=101')).status).toBe(422);
    expect((await h.app.inject({ url: '/api/v1/teams' })).statusCode).toBe(401);
  });

  it('members are shown to admins, and to anyone else (managers too) only for a team they lead or belong to', async () => {
    const mine = await f.team('Mine', null, [ids.va]);
    const notMine = await f.team('Not mine', null, [ids.va2]);
    const led = await f.team('Led', ids.manager, [ids.va2]);
    const joined = await f.team('Joined', null, [ids.manager]);
    const org = await h.createOrg('Other');
    const foreign = await f.team('Foreign', null, [], org.id);
    const get = (email: string, id: number) => f.as(email, 'GET', `/api/v1/teams/${id}`);
    expect((await get(ADMIN, notMine.id)).body).toMatchObject({ members: [{ id: ids.va2 }] });
    expect((await get('manager@home.test', led.id)).body).toMatchObject({ members: [{ id: ids.va2 }] });
    expect((await get('manager@home.test', joined.id)).status).toBe(200);
    expect((await get('manager@home.test', notMine.id)).status).toBe(404);
    expect((await get('manager@home.test', foreign.id)).status).toBe(404);
    expect((await get(ADMIN, foreign.id)).status).toBe(404);
    expect((await get('va@home.test', mine.id)).body).toMatchObject({ members: [{ id: ids.va }] });
    expect((await get('va@home.test', notMine.id)).status).toBe(404);
    expect((await get('client@home.test', mine.id)).status).toBe(404);
  });

  it('a manager filters people only by a team they may see', async () => {
    const led = await f.team('Led', ids.manager, [ids.va]);
    const notLed = await f.team('Not led', null, [ids.va2]);
    const org = await h.createOrg('Other');
    const foreign = await f.team('Foreign', null, [], org.id);
    const people = (team: number) =>
      f.as('manager@home.test', 'GET', `/api/v1/manager-access/users/paginated?team_id=${team}`);
    expect(((await people(led.id)).body.data as Array<{ id: number }>).map((u) => u.id)).toEqual([ids.va]);
    expect((await people(notLed.id)).status).toBe(404);
    expect((await people(foreign.id)).status).toBe(404);
    const admin = await f.as(ADMIN, 'GET', `/api/v1/admin-access/users/paginated?team_id=${notLed.id}`);
    expect((admin.body.data as Array<{ id: number }>).map((u) => u.id)).toEqual([ids.va2]);
  });
});

describe('PATCH teams/users/{id}', () => {
  it('sets one user’s teams exactly', async () => {
    const a = await f.team('A', null, [ids.va]);
    const b = await f.team('B', null, []);
    const c = await f.team('C', null, []);
    const url = `/api/v1/admin-access/teams/users/${ids.va}`;
    const r = await f.as(ADMIN, 'PATCH', url, { team_ids: [b.id, c.id] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      user_id: ids.va,
      teams: [
        { id: b.id, name: 'B' },
        { id: c.id, name: 'C' },
      ],
    });
    const detail = await f.as(ADMIN, 'GET', `/api/v1/admin-access/user/${ids.va}`);
    expect(detail.body.team_ids).toEqual([b.id, c.id]);
    expect((await f.as(ADMIN, 'PATCH', url, { team_ids: [] })).body).toEqual({ user_id: ids.va, teams: [] });
    const [entry] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'user.teams_set'));
    expect(entry).toMatchObject({ before: { team_ids: [a.id] }, after: { team_ids: [b.id, c.id] } });
  });

  it('refuses foreign teams (422) and foreign users (404)', async () => {
    const org = await h.createOrg('Other');
    const foreignTeam = await f.team('Foreign', null, [], org.id);
    const foreignUser = await f.user('x@other.test', 'va', { organizationId: org.id });
    const bad = await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/users/${ids.va}`, {
      team_ids: [foreignTeam.id],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('team_ids');
    expect(
      (await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/users/${foreignUser.id}`, { team_ids: [] }))
        .status,
    ).toBe(404);
    expect((await f.as(ADMIN, 'PATCH', `/api/v1/admin-access/teams/users/${ids.va}`, {})).status).toBe(422);
  });
});
