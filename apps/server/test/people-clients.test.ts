import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../src/modules/organizations/organizations.table';
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

describe('clients', () => {
  it('admin: one list filtered by status with counts and managers', async () => {
    const all = await f.as(ADMIN, 'GET', '/api/v1/admin-access/clients');
    expect(all.status).toBe(200);
    expect(all.body.counts).toEqual({ active: 2, inactive: 0, onhold: 1 });
    expect(names(all.body)).toEqual(['Carla Mine', 'Hank Held', 'Tara Theirs']);
    const onhold = await f.as(ADMIN, 'GET', '/api/v1/admin-access/clients?status=onhold');
    expect(onhold.body.data).toEqual([
      {
        id: ids.held,
        email: 'held@beta.test',
        first_name: 'Hank',
        last_name: 'Held',
        name: 'Hank Held',
        company_name: 'Beta Inc',
        contact_person: null,
        timezone: 'UTC',
        phone: null,
        status: 'onhold',
        created_at: '2026-01-05T00:00:00.000Z',
        managers: [{ id: ids.manager, name: 'Mia Manager' }],
      },
    ]);
    expect(onhold.body.counts).toEqual({ active: 2, inactive: 0, onhold: 1 });
    const search = await f.as(ADMIN, 'GET', '/api/v1/admin-access/clients?search=gamma&sort=-company');
    expect(search.body.counts).toEqual({ active: 1, inactive: 0, onhold: 0 });
    expect((await f.as(ADMIN, 'GET', '/api/v1/admin-access/clients?status=gone')).status).toBe(422);
    expect((await f.as(MANAGER, 'GET', '/api/v1/admin-access/clients')).status).toBe(403);
  });

  it('manager: only their clients', async () => {
    const r = await f.as(MANAGER, 'GET', '/api/v1/manager-access/clients?status=active');
    expect(names(r.body)).toEqual(['Carla Mine']);
    expect(r.body.counts).toEqual({ active: 1, inactive: 0, onhold: 1 });
    expect((await f.as('va1@home.test', 'GET', '/api/v1/manager-access/clients')).status).toBe(403);
  });

  it('manager: adds a client who is assigned to them', async () => {
    const r = await f.as(MANAGER, 'POST', '/api/v1/manager-access/clients', {
      email: 'new@delta.test',
      first_name: 'Nina',
      last_name: 'New',
      password: 'long-enough-1',
      company_name: 'Delta LLC',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ is_client: true, manager_ids: [ids.manager], contact_person: 'Nina New' });
    const mine = await f.as(MANAGER, 'GET', '/api/v1/manager-access/clients?search=delta');
    expect(names(mine.body)).toEqual(['Nina New']);
    const bad = await f.as(MANAGER, 'POST', '/api/v1/manager-access/clients', {
      email: 'x@y.test',
      first_name: 'X',
      last_name: 'Y',
      password: 'long-enough-1',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('company_name');
    const taken = await f.as(MANAGER, 'POST', '/api/v1/manager-access/clients', {
      email: 'MINE@acme.test',
      first_name: 'X',
      last_name: 'Y',
      password: 'long-enough-1',
      company_name: 'Z',
    });
    expect(taken.body.errors).toHaveProperty('email');
  });
});

describe('super admin', () => {
  it('lists organizations with plan, seats and owner', async () => {
    await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
    const org = await h.createOrg('Beta Agency', {
      maxUsers: 5,
      planId: 1,
      planValidUntil: new Date('2026-12-31T00:00:00Z'),
    });
    const owner = await f.user('owner@beta.test', 'admin', {
      organizationId: org.id,
      firstName: 'Olga',
      lastName: 'Owner',
    });
    await f.user('off@beta.test', 'va', { organizationId: org.id, status: 'inactive' });
    await h.db.update(organizations).set({ ownerId: owner.id }).where(eq(organizations.id, org.id));
    const r = await f.as('root@home.test', 'GET', '/api/v1/super-admin-access/organizations');
    expect(r.status).toBe(200);
    expect(r.body.meta).toMatchObject({ total: 2 });
    const rows = r.body.data as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({ id: 1, max_users: null, user_count: 9 });
    expect(rows[1]).toMatchObject({
      id: org.id,
      name: 'Beta Agency',
      status: 1,
      plan_name: 'Starter',
      plan_valid_until: '2026-12-31T00:00:00.000Z',
      user_count: 1,
      max_users: 5,
      owner: { id: owner.id, first_name: 'Olga', last_name: 'Owner', email: 'owner@beta.test' },
    });
    const search = await f.as(
      'root@home.test',
      'GET',
      '/api/v1/super-admin-access/organizations?search=BETA',
    );
    expect((search.body.data as unknown[]).length).toBe(1);
    expect(
      (await f.as('root@home.test', 'GET', '/api/v1/super-admin-access/organizations?per_page=500')).status,
    ).toBe(422);
  });

  it('lists users across organizations, filtered by organization', async () => {
    await h.createUser({ email: 'root@home.test', roles: ['super_admin'] });
    const org = await h.createOrg('Beta Agency');
    await f.user('zed@beta.test', 'va', { organizationId: org.id, firstName: 'Zed', lastName: 'Beta' });
    const all = await f.as('root@home.test', 'GET', '/api/v1/super-admin-access/users/paginated?search=zed');
    expect(
      (all.body.data as Array<Record<string, unknown>>).map((u) => [
        u.name,
        u.organization_id,
        u.organization_name,
      ]),
    ).toEqual([
      ['Zed Alpha', 1, 'Home'],
      ['Zed Beta', org.id, 'Beta Agency'],
    ]);
    const one = await f.as(
      'root@home.test',
      'GET',
      `/api/v1/super-admin-access/users/paginated?organization_id=${org.id}`,
    );
    expect(names(one.body)).toEqual(['Zed Beta']);
  });

  it('is refused to admins and everyone else', async () => {
    for (const email of [ADMIN, MANAGER, 'mine@acme.test', 'va1@home.test']) {
      expect((await f.as(email, 'GET', '/api/v1/super-admin-access/organizations')).status, email).toBe(403);
      expect((await f.as(email, 'GET', '/api/v1/super-admin-access/users/paginated')).status, email).toBe(
        403,
      );
    }
  });
});
