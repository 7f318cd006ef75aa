import { describe, expect, it } from 'vitest';
import { getAs, type ReadWorld, seedReadWorld } from './attendance-read-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// The admin-only reads. One world for the file: reads change nothing.
let h: Harness;
let w: ReadWorld;
useWorld('once', seedReadWorld, (harness, world) => {
  h = harness;
  w = world;
});

const admin = (path: string) => getAs(h, 'admin@home.test', 'admin', path);
const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id);

describe('attendance/user/{id}', () => {
  it("one VA's attendances, newest first, filtered", async () => {
    const { status, body } = await admin(`attendance/user/${w.people.ana.id}`);
    expect(status).toBe(200);
    expect(ids(body)).toEqual([w.shifts.a6, w.shifts.a1, w.shifts.a4, w.shifts.a8].map((a) => a.id));
    expect(body.meta.total).toBe(4);
    const done = await admin(`attendance/user/${w.people.ana.id}?status=completed&start_date=2026-03-01`);
    expect(ids(done.body)).toEqual([w.shifts.a4.id]);
    const theirs = await admin(`attendance/user/${w.people.ana.id}?client_id=${w.people.theirs.id}`);
    expect(theirs.body.meta.total).toBe(0);
  });

  it('404 for a client, another organization, or a filter outside it; 403 elsewhere', async () => {
    expect((await admin(`attendance/user/${w.people.mine.id}`)).status).toBe(404);
    expect((await admin(`attendance/user/${w.people.va2.id}`)).status).toBe(404);
    expect((await admin('attendance/user/999999')).status).toBe(404);
    expect((await admin(`attendance/user/${w.people.ana.id}?client_id=${w.people.client2.id}`)).status).toBe(
      404,
    );
    const asManager = await getAs(h, 'manager@home.test', 'admin', `attendance/user/${w.people.ana.id}`);
    expect(asManager.status).toBe(403);
  });
});

describe('attendance/{id} and its pings', () => {
  it('one attendance with its blocks', async () => {
    const { status, body } = await admin(`attendance/${w.shifts.a1.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: w.shifts.a1.id,
      va: { id: w.people.ana.id },
      client: { id: w.people.mine.id },
      contract: { id: w.contracts.c1.id },
      online: true,
      source: 'desktop',
    });
    expect(body.blocks).toEqual([
      {
        start_at: '2026-03-04T23:10:00.000Z',
        tracked_seconds: 600,
        active_seconds: 450,
        idle_seconds: 150,
        keyboard: 5,
        mouse: 6,
        activity_percent: 75,
      },
      {
        start_at: '2026-03-04T23:20:00.000Z',
        tracked_seconds: 240,
        active_seconds: 120,
        idle_seconds: 120,
        keyboard: 5,
        mouse: 6,
        activity_percent: 50,
      },
    ]);
    expect((await admin(`attendance/${w.shifts.a9.id}`)).status).toBe(404);
    expect((await admin('attendance/999999')).status).toBe(404);
  });

  it('pings in time order, paged by 100, with every block', async () => {
    const { body } = await admin(`attendance/${w.shifts.a1.id}/pings`);
    expect(body.data.map((p: { at: string }) => p.at)).toEqual([
      '2026-03-04T23:11:00.000Z',
      '2026-03-04T23:12:00.000Z',
      '2026-03-04T23:13:00.000Z',
      '2026-03-04T23:20:00.000Z',
      '2026-03-04T23:20:30.000Z',
    ]);
    expect(body.meta).toEqual({ current_page: 1, per_page: 100, total: 5, last_page: 1 });
    expect(body.data[0]).toMatchObject({
      keyboard: 10,
      mouse: 20,
      task_id: 7,
      general_task_id: null,
      source: 'desktop',
    });
    expect(body.data[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.blocks).toHaveLength(2);
    const page = await admin(`attendance/${w.shifts.a1.id}/pings?per_page=2&page=3`);
    expect(page.body.data.map((p: { at: string }) => p.at)).toEqual(['2026-03-04T23:20:30.000Z']);
    expect(page.body.meta).toEqual({ current_page: 3, per_page: 2, total: 5, last_page: 3 });
    expect((await admin(`attendance/${w.shifts.a9.id}/pings`)).status).toBe(404);
    expect((await admin(`attendance/${w.shifts.a1.id}/pings?per_page=101`)).status).toBe(422);
  });
});

describe('attendance-logs', () => {
  it('newest first, with the actor by name', async () => {
    const { status, body } = await admin('attendance-logs');
    expect(status).toBe(200);
    expect(body.data.map((l: { type: string; attendance_id: number }) => [l.type, l.attendance_id])).toEqual([
      ['clock_in', w.shifts.a1.id],
      ['forced_logout', w.shifts.a4.id],
      ['clock_in', w.shifts.a4.id],
    ]);
    expect(body.data[1]).toMatchObject({
      va_id: w.people.ana.id,
      at: '2026-03-04T07:05:00.000Z',
      actor: { id: w.people.admin.id, name: 'Ada Admin' },
      details: { by: 'fixture' },
    });
    expect(body.data[0].actor).toBeNull();
    expect(body.meta.total).toBe(3);
  });

  it('filters: type, attendance, period in the viewer zone; outside rows 404; bad type 422', async () => {
    expect((await admin('attendance-logs?type=forced_logout')).body.meta.total).toBe(1);
    expect((await admin(`attendance-logs?attendance_id=${w.shifts.a4.id}`)).body.meta.total).toBe(2);
    // 5 March in Manila starts at 16:00 UTC on the 4th: only Ana's clock-in of 23:10.
    const today = await admin('attendance-logs?start_date=2026-03-05&end_date=2026-03-05');
    expect(today.body.data.map((l: { attendance_id: number }) => l.attendance_id)).toEqual([w.shifts.a1.id]);
    expect((await admin(`attendance-logs?client_id=${w.people.theirs.id}`)).body.meta.total).toBe(0);
    expect((await admin(`attendance-logs?attendance_id=${w.shifts.a9.id}`)).status).toBe(404);
    expect((await admin(`attendance-logs?va_id=${w.people.va2.id}`)).status).toBe(404);
    expect((await admin('attendance-logs?type=coffee')).status).toBe(422);
    const other = await getAs(h, 'admin@else.test', 'admin', 'attendance-logs');
    expect(other.body.data.map((l: { attendance_id: number }) => l.attendance_id)).toEqual([w.shifts.a9.id]);
  });
});

describe('timeblocks', () => {
  it("default today in the viewer's zone: every VA whose shift touches it, with the day's blocks", async () => {
    const { status, body } = await admin('attendance/timeblocks');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });
    const rows = body.data as Array<{
      va: { id: number };
      date: string;
      attendances: Array<{ id: number }>;
      blocks: Array<{ start_at: string }>;
    }>;
    expect(rows.map((r) => [r.va.id, r.date, r.attendances.map((a) => a.id), r.blocks.length])).toEqual([
      [w.people.ana.id, '2026-03-05', [w.shifts.a1.id], 2],
      [w.people.ben.id, '2026-03-05', [w.shifts.a2.id], 0],
      [w.people.cai.id, '2026-03-05', [w.shifts.a5.id, w.shifts.a3.id, w.shifts.a7.id], 0],
    ]);
  });

  it('another date, filters, pagination, denied', async () => {
    const day = await admin('attendance/timeblocks?date=2026-03-04');
    expect(day.body.data).toHaveLength(1);
    expect(day.body.data[0].attendances.map((a: { id: number }) => a.id)).toEqual([w.shifts.a4.id]);
    expect(day.body.data[0].blocks.map((b: { start_at: string }) => b.start_at)).toEqual([
      '2026-03-03T23:10:00.000Z',
      '2026-03-04T07:00:00.000Z',
    ]);
    const theirs = await admin(`attendance/timeblocks?client_id=${w.people.theirs.id}`);
    expect(theirs.body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.ben.id]);
    const page = await admin('attendance/timeblocks?per_page=2&page=2');
    expect(page.body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.cai.id]);
    expect(page.body.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect((await admin(`attendance/timeblocks?va_id=${w.people.va2.id}`)).status).toBe(404);
    expect((await admin('attendance/timeblocks?date=2026-02-30')).status).toBe(422);
    expect((await getAs(h, 'manager@home.test', 'manager', 'attendance/timeblocks')).status).toBe(404);
  });
});

describe('calendar', () => {
  it('every day of the month, counts by status on the shifts own dates', async () => {
    const { status, body } = await admin('attendance/calendar?month=2026-03');
    expect(status).toBe(200);
    expect(body.month).toBe('2026-03');
    expect(body.days).toHaveLength(31);
    const day = (d: string) => body.days.find((x: { date: string }) => x.date === d);
    expect(day('2026-03-05')).toEqual({
      date: '2026-03-05',
      upcoming: 0,
      ongoing: 2,
      completed: 0,
      absent: 1,
      on_leave: 1,
      late: 1,
      worked_seconds: 6540,
      scheduled_seconds: 63000,
    });
    expect(day('2026-03-04')).toMatchObject({
      ongoing: 1,
      completed: 1,
      late: 1,
      worked_seconds: 29620,
      scheduled_seconds: 43200,
    });
    expect(day('2026-03-01')).toMatchObject({
      completed: 1,
      worked_seconds: 14400,
      scheduled_seconds: 14400,
    });
    expect(day('2026-03-06')).toMatchObject({ upcoming: 1, worked_seconds: 0, scheduled_seconds: 28800 });
    expect(day('2026-03-31')).toMatchObject({ upcoming: 0, ongoing: 0, completed: 0, worked_seconds: 0 });
  });

  it('February, filters, bad month', async () => {
    const feb = await admin('attendance/calendar?month=2026-02');
    expect(feb.body.days).toHaveLength(28);
    expect(feb.body.days[26]).toMatchObject({ date: '2026-02-27', completed: 1, worked_seconds: 3600 });
    const ana = await admin(`attendance/calendar?month=2026-03&va_id=${w.people.ana.id}`);
    expect(ana.body.days[4]).toMatchObject({ date: '2026-03-05', ongoing: 1, absent: 0, on_leave: 0 });
    const team = await admin(`attendance/calendar?month=2026-03&team_id=${w.team.id}`);
    expect(team.body.days[3]).toMatchObject({ date: '2026-03-04', ongoing: 1, completed: 0 });
    const bad = await admin('attendance/calendar?month=2026-13');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.month).toEqual(['Enter a month as YYYY-MM']);
    expect((await admin('attendance/calendar')).status).toBe(422);
    expect((await admin(`attendance/calendar?month=2026-03&client_id=${w.people.client2.id}`)).status).toBe(
      404,
    );
  });
});
