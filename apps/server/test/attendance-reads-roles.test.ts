import { describe, expect, it } from 'vitest';
import { getAs, type ReadWorld, seedReadWorld } from './attendance-read-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// The client's and the VA's reads. One world for the file: reads change nothing.
let h: Harness;
let w: ReadWorld;
useWorld('once', seedReadWorld, (harness, world) => {
  h = harness;
  w = world;
});

const mine = (path: string) => getAs(h, 'mine@home.test', 'client', path);
const theirs = (path: string) => getAs(h, 'theirs@home.test', 'client', path);
const ana = (path: string) => getAs(h, 'ana@home.test', 'va', path);
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);
const vaIds = (body: { data: Array<{ va: { id: number } }> }) => body.data.map((r) => r.va.id);

describe('client', () => {
  it('va-attendance-list: only the shifts of their own contracts', async () => {
    const { status, body } = await mine('va-attendance-list?per_page=100');
    expect(status).toBe(200);
    const s = w.shifts;
    expect(ids(body)).toEqual([s.a6, s.a7, s.a1, s.a3, s.a5, s.a4, s.a8].map((a) => a.id));
    expect((await mine(`va-attendance-list?va_id=${w.people.ana.id}`)).body.meta.total).toBe(4);
    expect(
      ids((await mine(`va-attendance-list?contract_id=${w.contracts.c3.id}&status=absent`)).body),
    ).toEqual([s.a5.id]);
    expect(ids((await theirs('va-attendance-list')).body)).toEqual([s.a2.id, s.a10.id]);
  });

  it("another client's VA or contract answers 404; bad input 422", async () => {
    expect((await mine(`va-attendance-list?va_id=${w.people.ben.id}`)).status).toBe(404);
    expect((await mine(`va-attendance-list?va_id=${w.people.va2.id}`)).status).toBe(404);
    expect((await mine(`va-attendance-list?contract_id=${w.contracts.c2.id}`)).status).toBe(404);
    // A draft links nobody outside the admins.
    expect((await mine(`va-attendance-list?contract_id=${w.contracts.c4.id}`)).status).toBe(404);
    expect((await mine('va-attendance-list?start_date=2026-03-05&end_date=2026-03-01')).status).toBe(422);
    expect((await mine('va-attendance-list?per_page=101')).status).toBe(422);
  });

  it('va-online-list: their VAs on shift now', async () => {
    const { body } = await mine('va-online-list');
    expect(vaIds(body)).toEqual([w.people.ana.id, w.people.cai.id]);
    expect(body.data.map((r: { online: boolean; idle: boolean }) => [r.online, r.idle])).toEqual([
      [true, false],
      [true, true],
    ]);
    const t = await theirs('va-online-list?state=offline');
    expect(vaIds(t.body)).toEqual([w.people.ben.id]);
    expect((await mine(`va-online-list?client_id=${w.people.theirs.id}`)).status).toBe(404);
    expect((await mine(`va-online-list?va_id=${w.people.ben.id}`)).status).toBe(404);
  });

  it('stats in New York: today is Wednesday 4 March, their own VAs', async () => {
    const { status, body } = await mine('stats');
    expect(status).toBe(200);
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
      // Ana's blocks in New York's Wednesday (23:10, 23:20 and 07:00 UTC); her 3 March 23:10 one is Tuesday's.
      worked_seconds_today: 1080,
      worked_seconds_week: 1560,
      scheduled_seconds_week: 120600,
      timezone: 'America/New_York',
      date: '2026-03-04',
      week_start: '2026-03-02',
    });
  });

  it("stats in London: Ben's Sunday-evening shift is outside this week", async () => {
    const { body } = await theirs('stats');
    expect(body).toMatchObject({
      vas: 1,
      on_shift: 1,
      online: 0,
      offline_on_shift: 1,
      scheduled_today: 1,
      // Ben's shift has no blocks yet: nothing worked (the worked time is the blocks').
      worked_seconds_today: 0,
      worked_seconds_week: 0,
      scheduled_seconds_week: 14400,
      date: '2026-03-04',
    });
  });

  it('other areas answer 403', async () => {
    expect((await getAs(h, 'mine@home.test', 'admin', 'attendance')).status).toBe(403);
    expect((await getAs(h, 'ana@home.test', 'client', 'stats')).status).toBe(403);
    expect((await getAs(h, 'manager@home.test', 'client', 'va-online-list')).status).toBe(403);
  });
});

describe('VA', () => {
  it('upcoming: on shift now and still to come, soonest first', async () => {
    const { status, body } = await ana('attendance/upcoming/user');
    expect(status).toBe(200);
    expect(ids(body)).toEqual([w.shifts.a1.id, w.shifts.a6.id]);
    expect(body.data[0]).toMatchObject({
      status: 'ongoing',
      online: true,
      contract: { id: w.contracts.c1.id },
    });
    expect(ids((await ana('attendance/upcoming/user?weeks=1')).body)).toEqual([
      w.shifts.a1.id,
      w.shifts.a6.id,
    ]);
    expect(
      ids((await ana('attendance/upcoming/user?start_date=2026-03-07&end_date=2026-03-20')).body),
    ).toEqual([w.shifts.a1.id]);
  });

  it('passed: newest first, never what upcoming shows', async () => {
    expect(ids((await ana('attendance/passed/user')).body)).toEqual([w.shifts.a4.id, w.shifts.a8.id]);
    expect(ids((await ana('attendance/passed/user?weeks=1')).body)).toEqual([w.shifts.a4.id, w.shifts.a8.id]);
    expect(ids((await ana('attendance/passed/user?start_date=2026-03-01&end_date=2026-03-31')).body)).toEqual(
      [w.shifts.a4.id],
    );
    // Cai's absence and leave: passed once their end went by; Cai's leave ends at 09:00 UTC.
    const cai = await getAs(h, 'cai@home.test', 'va', 'attendance/passed/user');
    expect(ids(cai.body)).toEqual([w.shifts.a5.id]);
    const caiAhead = await getAs(h, 'cai@home.test', 'va', 'attendance/upcoming/user');
    expect(ids(caiAhead.body)).toEqual([w.shifts.a3.id, w.shifts.a7.id]);
  });

  it('weeks out of range and inverted periods answer 422', async () => {
    expect((await ana('attendance/upcoming/user?weeks=0')).status).toBe(422);
    expect((await ana('attendance/passed/user?weeks=53')).status).toBe(422);
    expect((await ana('attendance/passed/user?start_date=2026-03-05&end_date=2026-03-01')).status).toBe(422);
  });

  it('attendances: only their own', async () => {
    const s = w.shifts;
    expect(ids((await ana('attendances')).body)).toEqual([s.a6, s.a1, s.a4, s.a8].map((a) => a.id));
    expect(ids((await ana('attendances?status=completed')).body)).toEqual([s.a4.id, s.a8.id]);
    expect(
      ids((await ana(`attendances?contract_id=${w.contracts.c1.id}&start_date=2026-03-05`)).body),
    ).toEqual([s.a6.id, s.a1.id]);
    expect((await ana(`attendances?contract_id=${w.contracts.c2.id}`)).status).toBe(404);
    expect((await ana(`attendances?contract_id=${w.contracts.c9.id}`)).status).toBe(404);
    const ben = await getAs(h, 'ben@home.test', 'va', 'attendances');
    expect(ids(ben.body)).toEqual([s.a2.id, s.a10.id]);
    const gus = await getAs(h, 'va@else.test', 'va', 'attendances');
    expect(ids(gus.body)).toEqual([s.a9.id]);
  });

  it('task-log: seconds per local date, contract and task, each ping at most its minute', async () => {
    const { status, body } = await ana('attendance/task-log');
    expect(status).toBe(200);
    const c1 = w.contracts.c1.id;
    expect(body.data).toEqual([
      {
        date: '2026-03-05',
        contract_id: c1,
        task_id: null,
        general_task_id: 3,
        seconds: 90,
        first_at: '2026-03-04T23:20:00.000Z',
        last_at: '2026-03-04T23:20:30.000Z',
      },
      {
        date: '2026-03-05',
        contract_id: c1,
        task_id: 7,
        general_task_id: null,
        seconds: 180,
        first_at: '2026-03-04T23:11:00.000Z',
        last_at: '2026-03-04T23:13:00.000Z',
      },
      {
        date: '2026-03-04',
        contract_id: c1,
        task_id: null,
        general_task_id: null,
        seconds: 120,
        first_at: '2026-03-04T01:00:00.000Z',
        last_at: '2026-03-04T01:01:00.000Z',
      },
    ]);
    expect(body.meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
    const page = await ana('attendance/task-log?per_page=1&page=3');
    expect(page.body.data.map((r: { date: string }) => r.date)).toEqual(['2026-03-04']);
    expect(page.body.meta.total).toBe(3);
    const day = await ana('attendance/task-log?start_date=2026-03-05&end_date=2026-03-05');
    expect(day.body.meta.total).toBe(2);
    const ben = await getAs(h, 'ben@home.test', 'va', 'attendance/task-log');
    expect(ben.body.data).toEqual([
      expect.objectContaining({
        date: '2026-03-04',
        task_id: 9,
        seconds: 60,
        contract_id: w.contracts.c2.id,
      }),
    ]);
    expect((await ana('attendance/task-log?start_date=2026-03-05&end_date=2026-03-01')).status).toBe(422);
  });

  it('other areas answer 403', async () => {
    expect((await getAs(h, 'ana@home.test', 'admin', 'attendance')).status).toBe(403);
    expect((await getAs(h, 'ana@home.test', 'manager', 'dashboard/counters')).status).toBe(403);
    expect((await getAs(h, 'mine@home.test', 'va', 'attendances')).status).toBe(403);
  });
});
