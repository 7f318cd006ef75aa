import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness';
import { peopleFixtures, seedOnePerRole } from './people-fixtures';

/**
 * The denied paths of the people, organizations and audit endpoints (DOMAIN.md "Tenancy and roles"): no
 * token is 401 before any validation, a role outside the area or without the permission is 403, a row of
 * another organization or outside the viewer's scope is 404.
 */
let h: Harness;
let f: ReturnType<typeof peopleFixtures>;
beforeAll(async () => {
  h = await createHarness();
  f = peopleFixtures(h);
});
afterAll(() => h?.close());

let ids: Record<string, number>;
let foreign: { admin: number; va: number; team: number };
beforeEach(async () => {
  await h.reset();
  ids = await seedOnePerRole(f);
  const org = await h.createOrg('Elsewhere');
  foreign = {
    admin: (await f.user('boss@elsewhere.test', 'admin', { organizationId: org.id })).id,
    va: (await f.user('va@elsewhere.test', 'va', { organizationId: org.id })).id,
    team: 0,
  };
  foreign.team = (await f.team('Their team', null, [foreign.va], org.id)).id;
});

const ADMIN = 'admin@home.test';

describe('without a token', () => {
  // Invalid bodies on purpose: the guard answers before the body is read, so nothing about the API leaks.
  const calls: Array<[string, string, Record<string, unknown> | undefined]> = [
    ['POST', '/api/v1/admin-access/user', { email: 'not an email' }],
    ['PATCH', '/api/v1/admin-access/user/1', { role: 'boss' }],
    ['PATCH', '/api/v1/admin-access/user-password/1', { password: 'x' }],
    ['POST', '/api/v1/manager-access/clients', {}],
    ['POST', '/api/v1/admin-access/teams', { name: '' }],
    ['PATCH', '/api/v1/admin-access/settings', { contract_defaults: { nope: 1 } }],
    ['PATCH', '/api/v1/super-admin-access/organizations/1', { status: 7 }],
    ['PATCH', '/api/v1/me', { timezone: 'Mars/Olympus' }],
    ['PATCH', '/api/v1/me/password', {}],
    ['PATCH', '/api/v1/va-access/user-password', {}],
    ['GET', '/api/v1/admin-access/users/paginated?per_page=1000', undefined],
    ['GET', '/api/v1/admin-access/audit-log?entity_id=x', undefined],
    ['GET', '/api/v1/organization', undefined],
    ['GET', '/api/v1/teams', undefined],
  ];
  for (const [method, url, payload] of calls) {
    it(`${method} ${url} answers 401, not 422`, async () => {
      const res = await h.app.inject({ method: method as 'GET', url, payload });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });
  }

  it('an avatar upload answers 401 before reading the upload', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${ids.va}/avatar`,
      headers: { 'content-type': 'text/plain' },
      payload: 'not multipart',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('another role', () => {
  const refused: Array<[string, string, string, Record<string, unknown>?]> = [
    ['manager@home.test', 'GET', '/api/v1/admin-access/users'],
    ['client@home.test', 'GET', '/api/v1/manager-access/clients'],
    ['va@home.test', 'POST', '/api/v1/manager-access/clients', {}],
    ['admin@home.test', 'POST', '/api/v1/manager-access/clients', {}],
    ['manager@home.test', 'POST', '/api/v1/admin-access/teams', { name: 'Mine' }],
    ['manager@home.test', 'GET', '/api/v1/admin-access/settings'],
    ['client@home.test', 'GET', '/api/v1/admin-access/audit-log'],
    ['admin@home.test', 'GET', '/api/v1/super-admin-access/users/paginated'],
    ['admin@home.test', 'PATCH', '/api/v1/super-admin-access/organizations/1', { max_users: 9 }],
    ['client@home.test', 'PATCH', '/api/v1/va-access/user', { first_name: 'Nope' }],
  ];
  for (const [email, method, url, payload] of refused) {
    it(`${email.split('@')[0]}: ${method} ${url} is 403`, async () => {
      expect((await f.as(email, method as 'GET', url, payload)).status).toBe(403);
    });
  }
});

describe('another organization', () => {
  it('an admin reaches no user of another organization: each answers 404', async () => {
    const id = foreign.va;
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', `/api/v1/admin-access/user/${id}`],
      ['PATCH', `/api/v1/admin-access/user/${id}`, { first_name: 'Taken' }],
      ['DELETE', `/api/v1/admin-access/user/${id}`],
      ['PATCH', `/api/v1/admin-access/user-password/${id}`, { password: 'long-enough-1' }],
      ['POST', `/api/v1/admin-access/user/${id}/revoke-sessions`],
      ['PATCH', `/api/v1/admin-access/teams/users/${id}`, { team_ids: [] }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await f.as(ADMIN, method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.message_code).toEqual({ code: 'users.not_found' });
    }
  });

  it('nor their teams, and their people never show in lists or pickers', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const url =
        method === 'GET' ? `/api/v1/teams/${foreign.team}` : `/api/v1/admin-access/teams/${foreign.team}`;
      const res = await f.as(ADMIN, method, url, method === 'PATCH' ? { name: 'Ours' } : undefined);
      expect(res.status, method).toBe(404);
      expect(res.body.message_code).toEqual({ code: 'teams.not_found' });
    }
    const list = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users/paginated?per_page=100');
    const options = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users');
    for (const body of [list.body, options.body]) {
      const seen = (body.data as Array<{ id: number }>).map((u) => u.id);
      expect(seen).not.toContain(foreign.va);
      expect(seen).not.toContain(foreign.admin);
    }
  });

  it("their admin cannot change our people's avatars (404)", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    const boundary = '----denied';
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/upload/user/${ids.va}/avatar`,
      headers: {
        ...(await h.bearer('boss@elsewhere.test')),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('outside the scope', () => {
  it('a manager opens nobody they do not supervise, not even themself', async () => {
    for (const id of [ids.client, ids.va, ids.admin, ids.manager, foreign.va]) {
      const res = await f.as('manager@home.test', 'GET', `/api/v1/manager-access/user/${id}`);
      expect(res.status, String(id)).toBe(404);
    }
    // Once the client is theirs, the client and the VA working for them are in scope.
    await f.assign(ids.client, ids.manager);
    await f.contract(ids.va, ids.client, 'active');
    for (const id of [ids.client, ids.va]) {
      expect((await f.as('manager@home.test', 'GET', `/api/v1/manager-access/user/${id}`)).status).toBe(200);
    }
  });

  it("a manager's client list holds only their clients", async () => {
    const other = await f.user('other.client@home.test', 'client', { companyName: 'Other Co' });
    await f.assign(ids.client, ids.manager);
    const res = await f.as('manager@home.test', 'GET', '/api/v1/manager-access/clients');
    expect((res.body.data as Array<{ id: number }>).map((c) => c.id)).toEqual([ids.client]);
    expect(res.body.counts).toEqual({ active: 1, inactive: 0, onhold: 0 });
    expect((res.body.data as Array<{ id: number }>).map((c) => c.id)).not.toContain(other.id);
  });

  it('a VA sees the detail of no team they are not in', async () => {
    const team = await f.team('Closed', null, [ids.client]);
    const res = await f.as('va@home.test', 'GET', `/api/v1/teams/${team.id}`);
    expect(res.status).toBe(404);
  });
});

describe('ids past PostgreSQL integer', () => {
  it('answer 422 in a path, a query or a body, never a 500 from the database', async () => {
    const big = 2_147_483_648;
    for (const [method, url, payload] of [
      ['GET', `/api/v1/admin-access/user/${big}`, undefined],
      ['GET', `/api/v1/admin-access/users/paginated?team_id=${big}`, undefined],
      ['GET', `/api/v1/admin-access/audit-log?entity_id=${big}`, undefined],
      ['GET', `/api/v1/teams/${big}`, undefined],
      ['PATCH', `/api/v1/admin-access/teams/users/${ids.va}`, { team_ids: [big] }],
      ['POST', '/api/v1/admin-access/teams', { name: 'Big', leader_id: big }],
    ] as const) {
      const res = await f.as(ADMIN, method, url, payload);
      expect(res.status, url).toBe(422);
    }
    expect((await f.as(ADMIN, 'GET', '/api/v1/admin-access/user/2147483647')).status).toBe(404);
  });
});
