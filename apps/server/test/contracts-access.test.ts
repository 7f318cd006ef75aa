import { beforeEach, describe, expect, it } from 'vitest';
import { clientManagers } from '../src/modules/people/client-managers.table';
import {
  addBlocks,
  as,
  type Caller,
  hm,
  makeContract,
  type People,
  useContractsWorld,
  WEEKDAYS,
} from './contracts-fixtures';
import type { Harness } from './harness';

let h: Harness;
let p: People;
let admin: Caller;
let ids: { a: number; b: number; draft: number; aBlock: number; bBlock: number };
useContractsWorld((harness, people, caller) => {
  h = harness;
  p = people;
  admin = caller;
});
// Then, before each test: contracts a (active, NY, weekdays), b (active, London, Mondays) and a draft.
beforeEach(async () => {
  const a = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id, title: 'NY inbox' });
  await addBlocks(admin, a, WEEKDAYS, '09:00', '17:00');
  await admin.post(`contracts/${a}/activate`);
  const b = await makeContract(admin, { va_id: p.va2.id, client_id: p.london.id, title: 'London books' });
  await addBlocks(admin, b, [1], '09:00', '17:00');
  await admin.post(`contracts/${b}/activate`);
  const draft = await makeContract(admin, { va_id: p.va3.id, client_id: p.ny.id, title: 'Draft' });
  await addBlocks(admin, draft, [1], '09:00', '17:00');
  const aBlock = (await admin.get(`schedules?contract_id=${a}`)).json().data[0].id;
  const bBlock = (await admin.get(`schedules?contract_id=${b}`)).json().data[0].id;
  ids = { a, b, draft, aBlock, bBlock };
});

describe('areas', () => {
  it('other roles are refused from the admin contract and schedule routes', async () => {
    for (const email of ['manager@home.test', 'ny@home.test', 'va@home.test']) {
      const headers = await h.bearer(email);
      for (const url of ['contracts', `contracts/${ids.a}`, 'schedules', 'scheduled-today']) {
        const res = await h.app.inject({ url: `/api/v1/admin-access/${url}`, headers });
        expect(res.statusCode, `${email} ${url}`).toBe(403);
      }
      const post = await h.app.inject({
        method: 'POST',
        url: `/api/v1/admin-access/contracts/${ids.a}/activate`,
        headers,
      });
      expect(post.statusCode).toBe(403);
    }
    const va = await as(h, 'va@home.test', 'client');
    expect((await va.get('contracts')).statusCode).toBe(403);
    const client = await as(h, 'ny@home.test', 'va');
    expect((await client.get('contracts')).statusCode).toBe(403);
    expect((await h.app.inject({ url: '/api/v1/admin-access/contracts' })).statusCode).toBe(401);
  });
});

describe('client', () => {
  it('sees only their own contracts, never drafts', async () => {
    const c = await as(h, 'ny@home.test', 'client');
    const list = (await c.get('contracts')).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([ids.a]);
    expect(list.meta.total).toBe(1);
    expect((await c.get(`contracts/${ids.a}`)).json().schedules).toHaveLength(5);
    expect((await c.get(`contracts/${ids.b}`)).statusCode).toBe(404);
    expect((await c.get(`contracts/${ids.draft}`)).statusCode).toBe(404);
    const all = (await c.get('contracts/schedules')).json();
    expect(all.data).toHaveLength(5);
    expect(all.data.every((s: { contract_id: number }) => s.contract_id === ids.a)).toBe(true);
  });

  it('lists their VAs and opens only those', async () => {
    const c = await as(h, 'ny@home.test', 'client');
    const vas = (await c.get('va-list')).json();
    expect(vas.data).toEqual([
      expect.objectContaining({ id: p.va.id, timezone: 'Asia/Manila', contract_ids: [ids.a] }),
    ]);
    const paged = (await c.get('va-list-paginated?search=va&per_page=1')).json();
    expect(paged.meta).toMatchObject({ total: 1, per_page: 1 });
    expect((await c.get('va-list-paginated?search=nobody')).json().data).toEqual([]);
    expect((await c.get(`user/${p.va.id}`)).json()).toMatchObject({ id: p.va.id, contract_ids: [ids.a] });
    expect((await c.get(`user/${p.va2.id}`)).statusCode).toBe(404);
    expect((await c.get(`user/${p.va3.id}`)).statusCode).toBe(404);
    const cs = (await c.get(`user/${p.va.id}/contracts-schedules`)).json();
    expect(cs.data.map((x: { id: number }) => x.id)).toEqual([ids.a]);
    expect((await c.get(`user/${p.va2.id}/contracts-schedules`)).statusCode).toBe(404);
  });

  it('manages schedules on their own contracts only, with the same rules', async () => {
    const c = await as(h, 'ny@home.test', 'client');
    expect((await c.get('schedules')).json().meta.total).toBe(5);
    expect((await c.get(`schedules/${ids.aBlock}`)).statusCode).toBe(200);
    expect((await c.get(`schedules/${ids.bBlock}`)).statusCode).toBe(404);
    const created = await c.post('schedules', {
      contract_id: ids.a,
      weekday: 6,
      start_minute: hm('10:00'),
      end_minute: hm('12:00'),
    });
    expect(created.statusCode).toBe(201);
    const clash = await c.post('schedules', {
      contract_id: ids.a,
      weekday: 6,
      start_minute: hm('11:00'),
      end_minute: hm('13:00'),
    });
    expect(clash.statusCode).toBe(422);
    expect(
      (await c.post('schedules', { contract_id: ids.b, weekday: 6, start_minute: 0, end_minute: 60 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await c.post('schedules', { contract_id: ids.draft, weekday: 6, start_minute: 0, end_minute: 60 }))
        .statusCode,
    ).toBe(404);
    expect((await c.patch(`schedules/${ids.bBlock}`, { start_minute: 0 })).statusCode).toBe(404);
    expect((await c.del(`schedules/${ids.bBlock}`)).statusCode).toBe(404);
    expect((await c.patch(`schedules/${created.json().id}`, { end_minute: hm('13:00') })).statusCode).toBe(
      200,
    );
    expect((await c.del(`schedules/${created.json().id}`)).statusCode).toBe(200);
  });
});

describe('manager', () => {
  it('reads the schedules of the clients they manage', async () => {
    await h.db.insert(clientManagers).values({ clientId: p.london.id, managerId: p.manager.id });
    const m = await as(h, 'manager@home.test', 'manager');
    const list = (await m.get('schedules')).json();
    expect(list.data.map((s: { id: number }) => s.id)).toEqual([ids.bBlock]);
    expect((await m.get(`schedules/${ids.bBlock}`)).statusCode).toBe(200);
    expect((await m.get(`schedules/${ids.aBlock}`)).statusCode).toBe(404);
    // The manager area reads schedules but has no way to create one: the path answers 405 (Allow: GET).
    const create = await m.post('schedules', {
      contract_id: ids.b,
      weekday: 2,
      start_minute: 0,
      end_minute: 60,
    });
    expect(create.statusCode).toBe(405);
    expect(create.headers.allow).toContain('GET');
  });

  it("sees only their assigned clients' schedules: never through a team they lead, nor by a filter", async () => {
    await h.db.insert(clientManagers).values({ clientId: p.london.id, managerId: p.manager.id });
    const other = await h.createUser({ email: 'other.manager@home.test', roles: ['manager'] });
    await h.db.insert(clientManagers).values({ clientId: p.ny.id, managerId: other.id });
    // The manager leads a team holding the VA who works for the other manager's client.
    const led = (
      await admin.post('teams', { name: 'Led', leader_id: p.manager.id, member_ids: [p.va.id] })
    ).json();
    const notLed = (
      await admin.post('teams', { name: 'Not led', leader_id: other.id, member_ids: [p.va2.id] })
    ).json();
    const org = await h.createOrg('Other Agency');
    const foreign = await h.createUser({ email: 'c@other.test', roles: ['client'], organizationId: org.id });
    const m = await as(h, 'manager@home.test', 'manager');
    const ids_ = (r: { json: () => { data: Array<{ id: number }> } }) => r.json().data.map((s) => s.id);

    expect(ids_(await m.get('schedules'))).toEqual([ids.bBlock]);
    expect((await m.get(`schedules/${ids.aBlock}`)).statusCode).toBe(404);
    expect(ids_(await m.get(`schedules?client_id=${p.london.id}`))).toEqual([ids.bBlock]);
    // The team member is theirs to see, but not that VA's work for a client assigned to somebody else.
    expect(ids_(await m.get(`schedules?va_id=${p.va.id}`))).toEqual([]);
    expect(ids_(await m.get(`schedules?team_id=${led.id}`))).toEqual([]);
    for (const query of [
      `client_id=${p.ny.id}`, // another manager's client
      `client_id=${p.manila.id}`, // a client assigned to nobody
      `client_id=${foreign.id}`, // another organization's
      `va_id=${p.va3.id}`, // a VA outside their clients and teams
      `contract_id=${ids.a}`,
      `team_id=${notLed.id}`, // a team they neither lead nor belong to
    ]) {
      const res = await m.get(`schedules?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('sees nothing without clients or teams', async () => {
    const m = await as(h, 'manager@home.test', 'manager');
    expect((await m.get('schedules')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await m.get(`schedules/${ids.aBlock}`)).statusCode).toBe(404);
  });
});

describe('VA', () => {
  it('sees their own contracts with schedules, settings and client, never drafts', async () => {
    const v = await as(h, 'va@home.test', 'va');
    const list = (await v.get('contracts')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: ids.a,
      client: { id: p.ny.id, company_name: 'NY Co', timezone: 'America/New_York' },
      settings: { screenshots_per_hour: 6 },
    });
    expect(list.data[0].schedules).toHaveLength(5);
    const v3 = await as(h, 'va3@home.test', 'va');
    expect((await v3.get('contracts')).json().data).toEqual([]);
  });
});

describe('another organization', () => {
  it('cannot see or touch organization 1 contracts', async () => {
    const org = await h.createOrg('Other Agency');
    await h.createUser({ email: 'boss@other.test', roles: ['admin'], organizationId: org.id });
    const ova = await h.createUser({ email: 'ova@other.test', roles: ['va'], organizationId: org.id });
    const other = await as(h, 'boss@other.test', 'admin');
    expect((await other.get('contracts')).json().meta.total).toBe(0);
    expect((await other.get(`contracts/${ids.a}`)).statusCode).toBe(404);
    expect((await other.patch(`contracts/${ids.a}`, { title: 'x' })).statusCode).toBe(404);
    expect((await other.del(`contracts/${ids.draft}`)).statusCode).toBe(404);
    expect((await other.post(`contracts/${ids.draft}/activate`)).statusCode).toBe(404);
    expect((await other.post(`contracts/${ids.a}/multiply`, { va_ids: [p.va3.id] })).statusCode).toBe(404);
    expect((await other.get(`schedules/${ids.aBlock}`)).statusCode).toBe(404);
    expect((await other.get('schedules')).json().meta.total).toBe(0);
    expect(
      (await other.post('schedules', { contract_id: ids.a, weekday: 6, start_minute: 0, end_minute: 60 }))
        .statusCode,
    ).toBe(404);
    expect((await other.get(`user/${p.va.id}/contracts-schedules`)).statusCode).toBe(404);
    expect((await other.get(`client/${p.ny.id}/va-list`)).statusCode).toBe(404);
    expect((await other.get('scheduled-today?date=2026-03-02')).json().data).toEqual([]);
    const cross = await other.post('contracts', {
      va_id: p.va.id,
      client_id: p.ny.id,
      title: 'x',
      start_date: '2026-03-01',
    });
    expect(cross.statusCode).toBe(422);
    const multiplyIntoOther = await admin.post(`contracts/${ids.a}/multiply`, { va_ids: [ova.id] });
    expect(multiplyIntoOther.statusCode).toBe(422);
    expect(multiplyIntoOther.json().errors[ova.id]).toEqual([
      'Not a virtual assistant of this organization.',
    ]);
  });
});

describe('paths', () => {
  it("serves every contract and schedule call of the spec's endpoint list", async () => {
    const doc = (await h.app.inject({ url: '/api/openapi.json' })).json();
    const listed = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const ours = [
      'GET /api/v1/admin-access/client/{id}/va-list',
      'GET /api/v1/admin-access/client/{id}/search-not-in-list',
      'GET /api/v1/admin-access/user/{id}/contracts-schedules',
      'GET /api/v1/admin-access/contracts',
      'POST /api/v1/admin-access/contracts',
      'GET /api/v1/admin-access/contracts/user/{id}',
      'GET /api/v1/admin-access/contracts/{id}',
      'PATCH /api/v1/admin-access/contracts/{id}',
      'DELETE /api/v1/admin-access/contracts/{id}',
      'POST /api/v1/admin-access/contracts/{id}/multiply',
      'POST /api/v1/admin-access/contracts/{id}/activate',
      'POST /api/v1/admin-access/contracts/settings',
      'PATCH /api/v1/admin-access/contracts/settings/{id}',
      'GET /api/v1/admin-access/schedules',
      'POST /api/v1/admin-access/schedules',
      'PATCH /api/v1/admin-access/schedules/{id}',
      'DELETE /api/v1/admin-access/schedules/{id}',
      'GET /api/v1/admin-access/scheduled-today',
      'GET /api/v1/client-access/va-list',
      'GET /api/v1/client-access/va-list-paginated',
      'GET /api/v1/client-access/contracts/schedules',
      'GET /api/v1/client-access/schedules',
      'POST /api/v1/client-access/schedules',
      'GET /api/v1/client-access/schedules/{id}',
      'PATCH /api/v1/client-access/schedules/{id}',
      'DELETE /api/v1/client-access/schedules/{id}',
      'GET /api/v1/client-access/user/{id}',
      'GET /api/v1/client-access/user/{id}/contracts-schedules',
      'GET /api/v1/client-access/contracts',
      'GET /api/v1/client-access/contracts/{id}',
      'GET /api/v1/manager-access/schedules',
      'GET /api/v1/manager-access/schedules/{id}',
      'GET /api/v1/va-access/contracts',
    ];
    for (const route of ours) expect(listed, route).toContain(route);
  });
});

describe('ids past PostgreSQL integer', () => {
  it('answer 422 in a path, a query or a body, never a 500 from the database', async () => {
    const big = 2_147_483_648;
    const m = await as(h, 'manager@home.test', 'manager');
    for (const res of [
      await admin.get(`contracts/${big}`),
      await admin.get(`schedules?client_id=${big}`),
      await admin.post('contracts', { va_id: big, client_id: p.ny.id, title: 'x', start_date: '2026-03-01' }),
      await admin.post('contracts/settings', { contract_id: big }),
      await m.get(`schedules?team_id=${big}`),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
    }
    expect((await admin.get('contracts/2147483647')).statusCode).toBe(404);
  });
});
