import { describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import {
  ADMIN,
  MANAGER,
  type ManagedIds,
  names,
  type PeopleFixtures,
  useManagedWorld,
} from './people-fixtures';

let h: Harness;
let f: PeopleFixtures;
let ids: ManagedIds;
useManagedWorld((harness, fixtures, world) => {
  h = harness;
  f = fixtures;
  ids = world;
});

describe('admin users/paginated', () => {
  it('pages with meta and answers rows with teams and managers', async () => {
    const r = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users/paginated?per_page=4&page=2');
    expect(r.status).toBe(200);
    expect(r.body.meta).toEqual({ current_page: 2, per_page: 4, total: 10, last_page: 3 });
    expect(names(r.body)).toEqual(['Dee Delta', 'Hank Held', 'Mia Manager', 'Otto Other']);
    const va1 = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users/paginated?search=zed');
    expect((va1.body.data as unknown[])[0]).toMatchObject({
      email: 'va1@home.test',
      timezone: 'Asia/Manila',
      managers: [{ id: ids.manager, name: 'Mia Manager' }],
      roles: [{ name: 'va' }],
    });
    const va2 = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users/paginated?search=bea');
    expect((va2.body.data as Array<{ teams: unknown }>)[0].teams).toEqual([
      { id: expect.any(Number), name: 'Night shift' },
    ]);
  });

  it('searches names, email and company case-insensitively', async () => {
    const q = async (s: string) =>
      names(
        (await f.as(ADMIN, 'GET', `/api/v1/admin-access/users/paginated?search=${encodeURIComponent(s)}`))
          .body,
      );
    expect(await q('ACME')).toEqual(['Carla Mine']);
    expect(await q('theirs@')).toEqual(['Tara Theirs']);
    expect(await q('mia man')).toEqual(['Mia Manager']);
    expect(await q('gamma')).toEqual(['Cy Gamma', 'Tara Theirs']);
    expect(await q('%')).toEqual([]);
  });

  it('filters by roles (comma list), status and team', async () => {
    const base = '/api/v1/admin-access/users/paginated';
    const byRoles = await f.as(ADMIN, 'GET', `${base}?roles=manager,admin`);
    expect(names(byRoles.body)).toEqual(['Ada Admin', 'Mia Manager', 'Otto Other']);
    const byStatus = await f.as(ADMIN, 'GET', `${base}?roles=va&status=inactive`);
    expect(names(byStatus.body)).toEqual(['Bea Beta']);
    const team = await f.as(ADMIN, 'GET', '/api/v1/teams');
    const teamId = (team.body.data as Array<{ id: number }>)[0].id;
    expect(names((await f.as(ADMIN, 'GET', `${base}?team_id=${teamId}`)).body)).toEqual(['Bea Beta']);
  });

  it('sorts', async () => {
    const base = '/api/v1/admin-access/users/paginated?roles=va';
    expect(names((await f.as(ADMIN, 'GET', `${base}&sort=-created_at`)).body)).toEqual([
      'Dee Delta',
      'Cy Gamma',
      'Bea Beta',
      'Zed Alpha',
    ]);
    expect(names((await f.as(ADMIN, 'GET', `${base}&sort=-name`)).body)).toEqual([
      'Zed Alpha',
      'Dee Delta',
      'Cy Gamma',
      'Bea Beta',
    ]);
    expect(names((await f.as(ADMIN, 'GET', `${base}&sort=email`)).body)).toEqual([
      'Zed Alpha',
      'Bea Beta',
      'Cy Gamma',
      'Dee Delta',
    ]);
    expect(names((await f.as(ADMIN, 'GET', `${base}&sort=-last_login_at`)).body)[0]).toBe('Zed Alpha');
    expect(names((await f.as(ADMIN, 'GET', `${base}&sort=status`)).body)).toEqual([
      'Cy Gamma',
      'Dee Delta',
      'Zed Alpha',
      'Bea Beta',
    ]);
  });

  it('refuses bad paging, sorts and filters with 422 naming the field', async () => {
    const base = '/api/v1/admin-access/users/paginated';
    for (const [query, field] of [
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      ['sort=password', 'sort'],
      ['roles=va,boss', 'roles'],
      ['status=gone', 'status'],
      ['team_id=abc', 'team_id'],
    ]) {
      const r = await f.as(ADMIN, 'GET', `${base}?${query}`);
      expect(r.status, query).toBe(422);
      expect(r.body.errors, query).toHaveProperty(field);
    }
  });

  it('never shows another organization', async () => {
    const org = await h.createOrg('Other');
    await f.user('stranger@other.test', 'va', { organizationId: org.id, firstName: 'Zed' });
    const r = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users/paginated?search=zed');
    expect(names(r.body)).toEqual(['Zed Alpha']);
    const picker = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users');
    expect((picker.body.data as unknown[]).length).toBe(10);
  });

  it('is refused to other roles', async () => {
    for (const email of [MANAGER, 'mine@acme.test', 'va1@home.test']) {
      expect((await f.as(email, 'GET', '/api/v1/admin-access/users/paginated')).status, email).toBe(403);
      expect((await f.as(email, 'GET', '/api/v1/admin-access/users')).status, email).toBe(403);
      expect((await f.as(email, 'GET', `/api/v1/admin-access/user/${ids.va1}`)).status, email).toBe(403);
    }
  });
});

describe('admin users (pickers)', () => {
  it('answers id, name, email, roles, status, timezone and company, filtered', async () => {
    const r = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users?roles=manager');
    expect(r.body).toEqual({
      data: [
        {
          id: ids.manager,
          name: 'Mia Manager',
          email: MANAGER,
          roles: [{ name: 'manager' }],
          status: 'active',
          timezone: 'UTC',
          company_name: null,
        },
        {
          id: ids.other,
          name: 'Otto Other',
          email: 'other.manager@home.test',
          roles: [{ name: 'manager' }],
          status: 'active',
          timezone: 'UTC',
          company_name: null,
        },
      ],
    });
    const vas = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users?role=va&status=active');
    expect((vas.body.data as unknown[]).length).toBe(3);
    // Clients carry their company: pickers and contracts name them by it.
    const clients = await f.as(ADMIN, 'GET', '/api/v1/admin-access/users?role=client');
    expect(clients.body.data).toContainEqual(
      expect.objectContaining({ id: ids.mine, company_name: 'Acme Corp' }),
    );
    expect((await f.as(ADMIN, 'GET', '/api/v1/admin-access/users?roles=nobody')).status).toBe(422);
  });
});

describe('manager scope', () => {
  it('lists only their clients, the VAs under those clients and their team members', async () => {
    const r = await f.as(MANAGER, 'GET', '/api/v1/manager-access/users/paginated');
    expect(r.status).toBe(200);
    expect(names(r.body)).toEqual(['Bea Beta', 'Carla Mine', 'Hank Held', 'Zed Alpha']);
    expect(r.body.meta).toMatchObject({ total: 4 });
    const vas = await f.as(MANAGER, 'GET', '/api/v1/manager-access/users/paginated?roles=va&search=a');
    expect(names(vas.body)).toEqual(['Bea Beta', 'Zed Alpha']);
  });

  it('opens someone they supervise and answers 404 for anyone else', async () => {
    expect((await f.as(MANAGER, 'GET', `/api/v1/manager-access/user/${ids.va1}`)).status).toBe(200);
    expect((await f.as(MANAGER, 'GET', `/api/v1/manager-access/user/${ids.mine}`)).body).toMatchObject({
      company_name: 'Acme Corp',
    });
    for (const id of [ids.va3, ids.va4, ids.theirs, ids.admin, ids.other, 99999]) {
      expect((await f.as(MANAGER, 'GET', `/api/v1/manager-access/user/${id}`)).status, String(id)).toBe(404);
    }
  });

  it('a manager with nobody sees an empty list', async () => {
    const lone = await f.user('lone@home.test', 'manager');
    const r = await f.as('lone@home.test', 'GET', '/api/v1/manager-access/users/paginated');
    expect(r.body).toEqual({ data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } });
    expect((await f.as('lone@home.test', 'GET', `/api/v1/manager-access/user/${lone.id}`)).status).toBe(404);
  });

  it('is refused to admins, clients and VAs', async () => {
    for (const email of [ADMIN, 'mine@acme.test', 'va1@home.test']) {
      expect((await f.as(email, 'GET', '/api/v1/manager-access/users/paginated')).status, email).toBe(403);
    }
  });
});
