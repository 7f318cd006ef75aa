import { describe, expect, it } from 'vitest';
import { getAs, type ReadWorld, seedReadWorld } from './attendance-read-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// Reads change nothing: one world for the whole file. Figures are worked out in attendance-read-fixtures.ts.
let h: Harness;
let w: ReadWorld;
useWorld('once', seedReadWorld, (harness, world) => {
  h = harness;
  w = world;
});

const admin = (path: string) => getAs(h, 'admin@home.test', 'admin', path);
const manager = (path: string) => getAs(h, 'manager@home.test', 'manager', path);
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);

describe('attendance list (admin, manager)', () => {
  it('admin: every attendance of the organization, newest first, with people and contract', async () => {
    const { status, body } = await admin('attendance?per_page=100');
    expect(status).toBe(200);
    const s = w.shifts;
    // By the shifts' own dates, then start: Ben's A2 starts with Ana's A1 but is New York's 4 March.
    expect(ids(body)).toEqual([s.a6, s.a7, s.a1, s.a3, s.a5, s.a2, s.a4, s.a10, s.a8].map((a) => a.id));
    expect(body.meta).toEqual({ current_page: 1, per_page: 100, total: 9, last_page: 1 });
    const a1 = body.data.find((r: { id: number }) => r.id === s.a1.id);
    expect(a1).toMatchObject({
      va: { id: w.people.ana.id, name: 'Ana Test' },
      client: { id: w.people.mine.id },
      contract: { id: w.contracts.c1.id, title: w.contracts.c1.title },
      status: 'ongoing',
      scheduled_seconds: 28800,
      worked_seconds: 1140,
      activity_percent: 79,
      late_minutes: 5,
      online: true,
      idle: false,
      timezone: 'Asia/Manila',
      date: '2026-03-05',
    });
  });

  it('presence is computed: a ping 3 minutes old is offline though the stored flag says online', async () => {
    const { body } = await admin(`attendance?va_id=${w.people.ben.id}&status=ongoing`);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ id: w.shifts.a2.id, online: false, idle: false });
    const cai = await admin(`attendance?va_id=${w.people.cai.id}&status=ongoing`);
    expect(cai.body.data[0]).toMatchObject({ online: true, idle: true });
  });

  it('filters: dates on the shift date, status, VA, client, contract, team', async () => {
    const s = w.shifts;
    const byDate = await admin('attendance?start_date=2026-03-04&end_date=2026-03-04');
    expect(ids(byDate.body).sort()).toEqual([s.a2.id, s.a4.id].sort());
    expect((await admin('attendance?status=ongoing')).body.meta.total).toBe(3);
    expect((await admin(`attendance?va_id=${w.people.ana.id}`)).body.meta.total).toBe(4);
    expect(ids((await admin(`attendance?client_id=${w.people.theirs.id}`)).body)).toEqual([
      s.a2.id,
      s.a10.id,
    ]);
    expect(ids((await admin(`attendance?contract_id=${w.contracts.c3.id}`)).body)).toEqual([
      s.a7.id,
      s.a3.id,
      s.a5.id,
    ]);
    expect(ids((await admin(`attendance?team_id=${w.team.id}`)).body)).toEqual([s.a2.id, s.a10.id]);
  });

  it('paginates', async () => {
    const { body } = await admin('attendance?per_page=2&page=2');
    expect(ids(body)).toEqual([w.shifts.a1.id, w.shifts.a3.id]);
    expect(body.meta).toEqual({ current_page: 2, per_page: 2, total: 9, last_page: 5 });
  });

  it('manager: only the VAs of their clients; filters naming others answer 404', async () => {
    const { status, body } = await manager('attendance?per_page=100');
    expect(status).toBe(200);
    const s = w.shifts;
    expect(ids(body)).toEqual([s.a6, s.a7, s.a1, s.a3, s.a5, s.a4, s.a8].map((a) => a.id));
    expect((await manager(`attendance?va_id=${w.people.ben.id}`)).status).toBe(404);
    expect((await manager(`attendance?client_id=${w.people.theirs.id}`)).status).toBe(404);
    expect((await manager(`attendance?contract_id=${w.contracts.c2.id}`)).status).toBe(404);
    expect((await manager(`attendance?team_id=${w.team.id}`)).status).toBe(404);
    expect((await manager(`attendance?va_id=${w.people.ana.id}`)).body.meta.total).toBe(4);
  });

  it('other organization: its rows never show, filters on them 404', async () => {
    expect((await admin(`attendance?va_id=${w.people.va2.id}`)).status).toBe(404);
    expect((await admin(`attendance?client_id=${w.people.client2.id}`)).status).toBe(404);
    expect((await admin(`attendance?contract_id=${w.contracts.c9.id}`)).status).toBe(404);
    const other = await getAs(h, 'admin@else.test', 'admin', 'attendance');
    expect(ids(other.body)).toEqual([w.shifts.a9.id]);
  });

  it('wrong area 403, bad query 422', async () => {
    expect((await getAs(h, 'ana@home.test', 'admin', 'attendance')).status).toBe(403);
    expect((await getAs(h, 'mine@home.test', 'manager', 'attendance')).status).toBe(403);
    expect((await getAs(h, 'manager@home.test', 'admin', 'attendance')).status).toBe(403);
    const bad = await admin('attendance?start_date=2026-03-05&end_date=2026-03-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.end_date).toBeDefined();
    expect((await admin('attendance?per_page=101')).status).toBe(422);
    expect((await admin('attendance?status=late')).status).toBe(422);
  });
});

describe('list-users', () => {
  it('admin: per VA over this week (Manila), by name, with presence now', async () => {
    const { status, body } = await admin('attendance/list-users');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
    const [ana, ben, cai] = body.data;
    expect(ana).toMatchObject({
      va: { id: w.people.ana.id },
      shifts: 3,
      completed: 1,
      ongoing: 1,
      absent: 0,
      on_leave: 0,
      late: 2,
      late_minutes: 17,
      scheduled_seconds: 86400,
      worked_seconds: 29140,
      active_seconds: 20900,
      idle_seconds: 8000,
      activity_percent: 72,
      online: true,
      idle: false,
    });
    expect(ben).toMatchObject({
      va: { id: w.people.ben.id },
      shifts: 1,
      ongoing: 1,
      scheduled_seconds: 14400,
      worked_seconds: 1620,
      activity_percent: 74,
      online: false,
      idle: false,
    });
    expect(cai).toMatchObject({
      va: { id: w.people.cai.id },
      shifts: 3,
      ongoing: 1,
      absent: 1,
      on_leave: 1,
      late: 0,
      scheduled_seconds: 34200,
      worked_seconds: 5400,
      activity_percent: 56,
      online: true,
      idle: true,
    });
  });

  it('a past period counts its shifts; presence stays now', async () => {
    const { body } = await admin('attendance/list-users?start_date=2026-02-23&end_date=2026-03-01');
    expect(body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.ana.id, w.people.ben.id]);
    expect(body.data[0]).toMatchObject({ shifts: 1, completed: 1, worked_seconds: 3600, online: true });
    expect(body.data[1]).toMatchObject({ shifts: 1, completed: 1, worked_seconds: 14400, online: false });
  });

  it('search, pagination and manager scope', async () => {
    const cai = await admin('attendance/list-users?search=cai');
    expect(cai.body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.cai.id]);
    const page = await admin('attendance/list-users?per_page=1&page=2');
    expect(page.body.data[0].va.id).toBe(w.people.ben.id);
    expect(page.body.meta).toEqual({ current_page: 2, per_page: 1, total: 3, last_page: 3 });
    // The manager (UTC) sees Ana and Cai only; their week is Monday 2 March too.
    const m = await manager('attendance/list-users');
    expect(m.body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([
      w.people.ana.id,
      w.people.cai.id,
    ]);
    expect((await manager(`attendance/list-users?va_id=${w.people.ben.id}`)).status).toBe(404);
    expect((await admin('attendance/list-users?start_date=2026-03-09&end_date=2026-03-01')).status).toBe(422);
  });
});

describe('list-online', () => {
  const vaIds = (body: { data: Array<{ va: { id: number } }> }) => body.data.map((r) => r.va.id);

  it('admin: every ongoing shift with presence, window and latest block activity', async () => {
    const { status, body } = await admin('attendance/list-online');
    expect(status).toBe(200);
    expect(vaIds(body)).toEqual([w.people.ana.id, w.people.ben.id, w.people.cai.id]);
    expect(body.meta.total).toBe(3);
    expect(body.data[0]).toMatchObject({
      attendance: { id: w.shifts.a1.id, online: true },
      contract: { id: w.contracts.c1.id },
      client: { id: w.people.mine.id },
      online: true,
      idle: false,
      last_ping_at: '2026-03-04T23:29:00.000Z',
      active_window: { app: 'Slack', title: 'general' },
      recent_activity_percent: 50,
    });
    expect(body.data[1]).toMatchObject({ online: false, idle: false, recent_activity_percent: null });
    expect(body.data[2]).toMatchObject({ online: true, idle: true });
  });

  it('state filters: online, idle, offline', async () => {
    expect(vaIds((await admin('attendance/list-online?state=online')).body)).toEqual([w.people.ana.id]);
    expect(vaIds((await admin('attendance/list-online?state=idle')).body)).toEqual([w.people.cai.id]);
    expect(vaIds((await admin('attendance/list-online?state=offline')).body)).toEqual([w.people.ben.id]);
    expect((await admin('attendance/list-online?state=away')).status).toBe(422);
  });

  it('presence moves with the clock, no sweep needed', async () => {
    h.clock.set('2026-03-04T23:31:30Z');
    try {
      // Ana's last ping is now 2.5 minutes old; Cai's exactly 2 minutes: still online.
      expect(vaIds((await admin('attendance/list-online?state=offline')).body)).toEqual([
        w.people.ana.id,
        w.people.ben.id,
      ]);
    } finally {
      h.clock.set('2026-03-04T23:30:00Z');
    }
  });

  it('manager scope, search, pagination', async () => {
    expect(vaIds((await manager('attendance/list-online')).body)).toEqual([w.people.ana.id, w.people.cai.id]);
    expect((await manager(`attendance/list-online?client_id=${w.people.theirs.id}`)).status).toBe(404);
    expect(vaIds((await admin('attendance/list-online?search=ben')).body)).toEqual([w.people.ben.id]);
    const p = await admin('attendance/list-online?per_page=2&page=2');
    expect(vaIds(p.body)).toEqual([w.people.cai.id]);
    expect(p.body.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    const other = await getAs(h, 'admin@else.test', 'admin', 'attendance/list-online');
    expect(vaIds(other.body)).toEqual([w.people.va2.id]);
  });
});

describe('dashboard counters', () => {
  it('admin in Manila: today is Thursday 5 March, the week from Monday 2 March', async () => {
    const { status, body } = await admin('dashboard/counters');
    expect(status).toBe(200);
    expect(body).toEqual({
      vas: 3,
      on_shift: 3,
      online: 1,
      idle: 1,
      offline_on_shift: 1,
      scheduled_today: 4,
      late_today: 1,
      absent_today: 1,
      on_leave_today: 1,
      // Worked time is the blocks starting in the viewer's day and week: Ana's two tonight (840 s, 07:10 and
      // 07:20 in Manila); her shift of 4 March adds its 480 + 240 s to the week.
      worked_seconds_today: 840,
      worked_seconds_week: 1560,
      scheduled_seconds_week: 149400,
      timezone: 'Asia/Manila',
      date: '2026-03-05',
      week_start: '2026-03-02',
    });
  });

  it('manager in UTC: today is still Wednesday 4 March, only their VAs', async () => {
    const { body } = await manager('dashboard/counters');
    expect(body).toEqual({
      vas: 2,
      on_shift: 2,
      online: 1,
      idle: 1,
      offline_on_shift: 0,
      scheduled_today: 3,
      late_today: 1,
      absent_today: 1,
      on_leave_today: 0,
      // Ana's blocks: tonight's 840 s and 07:00 UTC's 240 s are Wednesday's; the 23:10 block of 3 March is not.
      worked_seconds_today: 1080,
      worked_seconds_week: 1560,
      scheduled_seconds_week: 120600,
      timezone: 'UTC',
      date: '2026-03-04',
      week_start: '2026-03-02',
    });
  });

  it('the other organization counts only its own', async () => {
    const { body } = await getAs(h, 'admin@else.test', 'admin', 'dashboard/counters');
    expect(body).toMatchObject({ vas: 1, on_shift: 1, online: 1, idle: 0, worked_seconds_today: 540 });
  });
});
