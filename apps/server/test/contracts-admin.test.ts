import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../src/modules/organizations/organizations.table';
import {
  addBlocks,
  auditRows,
  type Caller,
  events,
  makeContract,
  type People,
  useContractsWorld,
  WEEKDAYS,
} from './contracts-fixtures';
import type { Harness } from './harness';

let h: Harness;
let p: People;
let admin: Caller;
useContractsWorld((harness, people, caller) => {
  h = harness;
  p = people;
  admin = caller;
});

describe('admin contracts', () => {
  it('creates a draft with the client timezone and the organization defaults', async () => {
    await h.db
      .update(organizations)
      .set({ contractDefaults: { screenshots_per_hour: 3 } })
      .where(eq(organizations.id, 1));
    const res = await admin.post('contracts', {
      va_id: p.va.id,
      client_id: p.ny.id,
      title: 'Inbox support',
      start_date: '2026-03-01',
      hourly_rate: 7.5,
      settings: { blur_screenshots: true },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      status: 'draft',
      timezone: 'America/New_York',
      hourly_rate: 7.5,
      currency: 'USD',
      va: { id: p.va.id, timezone: 'Asia/Manila' },
      client: { id: p.ny.id, company_name: 'NY Co' },
      schedules_count: 0,
      schedules: [],
    });
    expect(c.settings).toMatchObject({
      screenshots_per_hour: 3,
      blur_screenshots: true,
      idle_timeout_minutes: 5,
    });
    expect((await auditRows(h, 'contract', c.id)).map((r) => r.action)).toEqual(['contract.created']);
  });

  it('refuses bad input with field errors', async () => {
    const empty = await admin.post('contracts', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(
      expect.arrayContaining(['va_id', 'client_id', 'title', 'start_date']),
    );
    const wrongRoles = await admin.post('contracts', {
      va_id: p.ny.id,
      client_id: p.va.id,
      title: 'x',
      start_date: '2026-03-01',
    });
    expect(wrongRoles.statusCode).toBe(422);
    expect(wrongRoles.json().errors.va_id).toBeDefined();
    const clientWrong = await admin.post('contracts', {
      va_id: p.va.id,
      client_id: p.va2.id,
      title: 'x',
      start_date: '2026-03-01',
    });
    expect(clientWrong.json().errors.client_id).toBeDefined();
    const dates = await admin.post('contracts', {
      va_id: p.va.id,
      client_id: p.ny.id,
      title: 'x',
      start_date: '2026-03-10',
      end_date: '2026-03-01',
    });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.end_date).toEqual(['The end date must be on or after the start date']);
    const tz = await admin.post('contracts', {
      va_id: p.va.id,
      client_id: p.ny.id,
      title: 'x',
      start_date: '2026-03-01',
      timezone: 'Mars/Base',
    });
    expect(tz.json().errors.timezone).toBeDefined();
    const badDate = await admin.post('contracts', {
      va_id: p.va.id,
      client_id: p.ny.id,
      title: 'x',
      start_date: '2026-02-30',
    });
    expect(badDate.json().errors.start_date).toBeDefined();
  });

  it('lists with filters, pagination and the people on both sides', async () => {
    const a = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await makeContract(admin, { va_id: p.va2.id, client_id: p.ny.id });
    await makeContract(admin, { va_id: p.va.id, client_id: p.london.id });
    await addBlocks(admin, a, [1], '09:00', '17:00');
    const all = await admin.get('contracts?per_page=2');
    expect(all.json().meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const byVa = (await admin.get(`contracts?va_id=${p.va.id}`)).json();
    expect(byVa.data).toHaveLength(2);
    const byClient = (await admin.get(`contracts?client_id=${p.ny.id}&va_id=${p.va.id}`)).json();
    expect(byClient.data.map((c: { id: number }) => c.id)).toEqual([a]);
    expect(byClient.data[0].schedules_count).toBe(1);
    expect((await admin.get('contracts?status=active')).json().data).toEqual([]);
    expect((await admin.get('contracts?per_page=101')).statusCode).toBe(422);
    expect((await admin.get('contracts?status=nope')).statusCode).toBe(422);
    const ofUser = (await admin.get(`contracts/user/${p.ny.id}`)).json();
    expect(ofUser.meta.total).toBe(2);
    expect((await admin.get('contracts/user/99999')).statusCode).toBe(404);
  });

  it('activation needs a schedule, then sets active and raises an event', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    const none = await admin.post(`contracts/${id}/activate`);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Add at least one schedule before activating');
    await addBlocks(admin, id, WEEKDAYS, '09:00', '17:00');
    const ok = await admin.post(`contracts/${id}/activate`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'active', activated_at: '2026-03-02T09:00:00.000Z' });
    expect(ok.json().schedules).toHaveLength(5);
    const raised = await events(h, 'contract.activated');
    expect(raised).toHaveLength(1);
    expect(raised[0].payload).toMatchObject({ contract_id: id, va_id: p.va.id });
    expect((await auditRows(h, 'contract', id)).map((r) => r.action)).toContain('contract.activated');
  });

  it('moves through the statuses and refuses the wrong ones', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    const toPaused = await admin.patch(`contracts/${id}`, { status: 'paused' });
    expect(toPaused.statusCode).toBe(422);
    expect(toPaused.json().errors.status).toEqual(['A draft contract cannot become paused.']);
    expect((await admin.patch(`contracts/${id}`, { status: 'active' })).json().message).toBe(
      'Add at least one schedule before activating',
    );
    await addBlocks(admin, id, [1], '09:00', '17:00');
    expect(
      (await admin.patch(`contracts/${id}`, { status: 'active', title: 'Renamed' })).json(),
    ).toMatchObject({
      status: 'active',
      title: 'Renamed',
    });
    expect((await admin.patch(`contracts/${id}`, { status: 'paused' })).json().status).toBe('paused');
    expect((await events(h, 'contract.paused')).length).toBe(1);
    expect((await admin.patch(`contracts/${id}`, { status: 'active' })).json().status).toBe('active');
    expect((await admin.patch(`contracts/${id}`, { status: 'draft' })).json().errors.status).toEqual([
      'A contract cannot go back to draft.',
    ]);
    expect((await admin.patch(`contracts/${id}`, { status: 'ended' })).json().status).toBe('ended');
    expect((await events(h, 'contract.ended')).length).toBe(1);
    const revive = await admin.patch(`contracts/${id}`, { status: 'active' });
    expect(revive.statusCode).toBe(422);
    expect(revive.json().message).toBe('An ended contract cannot change status.');
    const actions = (await auditRows(h, 'contract', id)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining(['contract.paused', 'contract.resumed', 'contract.ended']),
    );
  });

  it('deletes only drafts and ended contracts', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [1], '09:00', '17:00');
    await admin.post(`contracts/${id}/activate`);
    const refused = await admin.del(`contracts/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Only draft or ended/);
    await admin.patch(`contracts/${id}`, { status: 'ended' });
    expect((await admin.del(`contracts/${id}`)).statusCode).toBe(200);
    expect((await admin.get(`contracts/${id}`)).statusCode).toBe(404);
    const draft = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    expect((await admin.del(`contracts/${draft}`)).statusCode).toBe(200);
    expect((await auditRows(h, 'contract', id)).map((r) => r.action)).toContain('contract.deleted');
  });

  it('creates, replaces and patches settings', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    const put = await admin.post('contracts/settings', { contract_id: id, screenshots_per_hour: 12 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ contract_id: id, screenshots_per_hour: 12, blur_screenshots: false });
    const patched = await admin.patch(`contracts/settings/${put.json().id}`, { blur_screenshots: true });
    expect(patched.json()).toMatchObject({ screenshots_per_hour: 12, blur_screenshots: true });
    const bad = await admin.patch(`contracts/settings/${put.json().id}`, { screenshots_per_hour: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.screenshots_per_hour).toBeDefined();
    expect((await admin.post('contracts/settings', { contract_id: 9999 })).statusCode).toBe(404);
    expect((await admin.patch('contracts/settings/9999', {})).statusCode).toBe(404);
    const actions = (await auditRows(h, 'contract_settings', put.json().id)).map((r) => r.action);
    expect(actions).toEqual(['contract_settings.replaced', 'contract_settings.updated']);
  });

  it('multiplies a contract with per-VA failures', async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [1, 2], '09:00', '17:00');
    await makeContract(admin, { va_id: p.va3.id, client_id: p.ny.id });
    const res = await admin.post(`contracts/${id}/multiply`, {
      va_ids: [p.va2.id, p.va.id, p.va3.id, p.ny.id, 424242],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      va_id: p.va2.id,
      client_id: p.ny.id,
      status: 'draft',
      schedules_count: 2,
    });
    expect(body.data[0].settings).not.toBeNull();
    expect(Object.keys(body.errors).sort()).toEqual(
      [String(p.va.id), String(p.va3.id), String(p.ny.id), '424242'].sort(),
    );
    expect(body.errors[p.va.id][0]).toMatch(/original/);
    expect(body.errors[p.va3.id][0]).toMatch(/already has a contract/);
    const none = await admin.post(`contracts/${id}/multiply`, { va_ids: [p.va2.id] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors[p.va2.id]).toBeDefined();
    expect((await admin.post(`contracts/${id}/multiply`, { va_ids: [] })).statusCode).toBe(422);
  });

  it("lists a user's contracts with schedules, a client's VAs and the VAs not in the list", async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [3], '22:00', '06:00');
    const cs = (await admin.get(`user/${p.va.id}/contracts-schedules`)).json();
    expect(cs.data[0].schedules[0]).toMatchObject({ weekday: 3, overnight: true, duration_minutes: 480 });
    const list = (await admin.get(`client/${p.ny.id}/va-list`)).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      id: p.va.id,
      contract_ids: [id],
      contracts: [{ id, status: 'draft' }],
    });
    const notIn = (await admin.get(`client/${p.ny.id}/search-not-in-list`)).json();
    expect(notIn.data.map((u: { id: number }) => u.id).sort()).toEqual([p.va2.id, p.va3.id].sort());
    const searched = (await admin.get(`client/${p.ny.id}/search-not-in-list?search=va3`)).json();
    expect(searched.data.map((u: { id: number }) => u.id)).toEqual([p.va3.id]);
    expect((await admin.get(`client/${p.va.id}/va-list`)).statusCode).toBe(404);
    expect((await admin.get(`client/${p.va.id}/search-not-in-list`)).statusCode).toBe(404);
  });

  it("shows who is scheduled on a date in the contract's zone", async () => {
    const id = await makeContract(admin, { va_id: p.va.id, client_id: p.ny.id });
    await addBlocks(admin, id, [1], '09:00', '17:00');
    await addBlocks(admin, id, [2], '22:00', '06:00');
    await admin.post(`contracts/${id}/activate`);
    const draft = await makeContract(admin, { va_id: p.va2.id, client_id: p.ny.id });
    await addBlocks(admin, draft, [1], '09:00', '17:00');
    const mon = (await admin.get('scheduled-today?date=2026-03-09')).json();
    expect(mon.date).toBe('2026-03-09');
    expect(mon.data).toHaveLength(1);
    expect(mon.data[0]).toMatchObject({
      start_at: '2026-03-09T13:00:00.000Z',
      end_at: '2026-03-09T21:00:00.000Z',
      timezone: 'America/New_York',
      va: { timezone: 'Asia/Manila' },
      client: { timezone: 'America/New_York' },
    });
    const tue = (await admin.get('scheduled-today?date=2026-03-03')).json();
    expect(tue.data[0]).toMatchObject({
      start_at: '2026-03-04T03:00:00.000Z',
      end_at: '2026-03-04T11:00:00.000Z',
    });
    expect((await admin.get('scheduled-today')).json().date).toBe('2026-03-02');
  });
});
