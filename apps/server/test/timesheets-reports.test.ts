import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { DEFAULT_PERIOD, type ReportsWorld, report, seedReportsWorld } from './timesheets-reports-world';

// The admin's four reports over a known week (see timesheets-reports-world.ts): exact counts and minutes, the
// default period, every day of the period for the chart, pagination with totals over all pages.
let h: Harness;
let w: ReportsWorld;
useWorld('once', seedReportsWorld, (harness, world) => {
  h = harness;
  w = world;
});

const admin = (path: string) => report(h, 'admin@home.test', 'admin', path);
const names = (rows: Array<{ va: { name: string } }>) => rows.map((r) => r.va.name);

describe('attendance report', () => {
  it('counts on time, late, absent, on leave and open per VA over the last 7 days by default', async () => {
    const { status, body } = await admin('attendance');
    expect(status).toBe(200);
    expect(body.meta.period).toEqual(DEFAULT_PERIOD);
    expect(names(body.data)).toEqual(['Ana Test', 'Ben Test']);
    const [ana, ben] = body.data;
    expect(ana).toMatchObject({
      shifts: 5,
      on_time: 2,
      late: 1,
      absent: 1,
      on_leave: 1,
      open: 0,
      late_minutes: 10,
      punctuality_percent: 50,
    });
    expect(ben).toMatchObject({
      shifts: 4,
      on_time: 2,
      late: 1,
      absent: 0,
      on_leave: 0,
      open: 1,
      late_minutes: 5,
      punctuality_percent: 67,
    });
    expect(body.meta.totals).toEqual({
      shifts: 9,
      on_time: 4,
      late: 2,
      absent: 1,
      on_leave: 1,
      open: 1,
      late_minutes: 15,
      punctuality_percent: 57,
    });
    expect(body.meta).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
  });

  it('takes the query’s dates, and one date alone as 7 days from it', async () => {
    const both = await admin('attendance?start_date=2026-03-09&end_date=2026-03-13');
    expect(both.body.meta.period).toEqual({ start_date: '2026-03-09', end_date: '2026-03-13' });
    expect(both.body.data[0]).toMatchObject({ shifts: 6, open: 1 });
    const from = await admin('attendance?start_date=2026-03-11');
    expect(from.body.meta.period).toEqual({ start_date: '2026-03-11', end_date: '2026-03-17' });
    expect(from.body.meta.totals).toMatchObject({ shifts: 5, absent: 1, on_leave: 1, open: 2, on_time: 1 });
  });

  it('pages by VA name, the totals over every page', async () => {
    const { body } = await admin('attendance?per_page=1&page=2');
    expect(names(body.data)).toEqual(['Ben Test']);
    expect(body.meta).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    expect(body.meta.totals.shifts).toBe(9);
  });

  it('filters by VA, client and team', async () => {
    const byClient = await admin(`attendance?client_id=${w.people.theo.id}`);
    expect(
      byClient.body.data.map((r: { va: { name: string }; shifts: number }) => [r.va.name, r.shifts]),
    ).toEqual([
      ['Ana Test', 1],
      ['Ben Test', 4],
    ]);
    const byTeam = await admin(`attendance?team_id=${w.teams.days.id}`);
    expect(names(byTeam.body.data)).toEqual(['Ben Test']);
    const byVa = await admin(`attendance?va_id=${w.people.ana.id}`);
    expect(byVa.body.meta.totals.shifts).toBe(5);
  });

  it('answers 422 for an end before the start', async () => {
    const { status } = await admin('attendance?start_date=2026-03-10&end_date=2026-03-09');
    expect(status).toBe(422);
  });
});

describe('daily report', () => {
  it('has a row per day and VA: scheduled, worked and active minutes rounded per shift, lateness, statuses', async () => {
    const { body } = await admin('daily');
    expect(body.meta.period).toEqual(DEFAULT_PERIOD);
    expect(body.data.map((r: { date: string; va: { name: string } }) => `${r.date} ${r.va.name}`)).toEqual([
      '2026-03-09 Ana Test',
      '2026-03-09 Ben Test',
      '2026-03-10 Ana Test',
      '2026-03-10 Ben Test',
      '2026-03-11 Ana Test',
      '2026-03-11 Ben Test',
      '2026-03-12 Ana Test',
      '2026-03-12 Ben Test',
    ]);
    const [anaMon, benMon, anaTue, , anaWed, , anaThu, benThu] = body.data;
    // Ana's Monday: Mina's 8 hours and Theo's evening.
    expect(anaMon).toMatchObject({
      scheduled_minutes: 600,
      worked_minutes: 600,
      active_minutes: 420,
      activity_percent: 70,
      late_minutes: 0,
      shifts: 2,
      late: 0,
      absent: 0,
      statuses: ['completed'],
      first_start_at: '2026-03-09T01:00:00.000Z',
      last_end_at: '2026-03-09T12:00:00.000Z',
    });
    expect(benMon).toMatchObject({ worked_minutes: 421, active_minutes: 333, activity_percent: 79, late: 1 });
    expect(benMon.late_minutes).toBe(5);
    expect(anaTue).toMatchObject({ worked_minutes: 470, activity_percent: 50, late: 1, late_minutes: 10 });
    expect(anaWed).toMatchObject({
      scheduled_minutes: 480,
      worked_minutes: 0,
      activity_percent: null,
      absent: 1,
      statuses: ['absent'],
      first_start_at: null,
      last_end_at: null,
    });
    // A day on leave is no scheduled time.
    expect(anaThu).toMatchObject({ scheduled_minutes: 0, shifts: 1, statuses: ['on_leave'] });
    expect(benThu).toMatchObject({ scheduled_minutes: 480, worked_minutes: 0, statuses: ['upcoming'] });
  });

  it('gives every date of the period in meta.days, zeros for the empty ones, and the totals', async () => {
    const { body } = await admin('daily?per_page=2');
    expect(body.meta.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    expect(body.meta.days[0]).toEqual({
      date: '2026-03-06',
      scheduled_minutes: 0,
      worked_minutes: 0,
      active_minutes: 0,
      activity_percent: null,
      late_minutes: 0,
      shifts: 0,
      late: 0,
      absent: 0,
    });
    expect(body.meta.days[3]).toMatchObject({ scheduled_minutes: 1080, worked_minutes: 1021, shifts: 3 });
    // Ben's 3 × 25,230 s are 3 × 421 minutes (1,263), as his three timesheets say, not 1,261.5 rounded.
    expect(body.meta.totals).toEqual({
      scheduled_minutes: 3480,
      worked_minutes: 2333,
      active_minutes: 1654,
      activity_percent: 71,
      late_minutes: 15,
      shifts: 9,
      late: 2,
      absent: 1,
    });
    expect(body.meta).toMatchObject({ total: 8, last_page: 4 });
    expect(body.data).toHaveLength(2);
  });

  it('makes the day totals add up to the rows of every page', async () => {
    const { body } = await admin('daily?per_page=100');
    const sum = (k: string) => body.data.reduce((n: number, r: Record<string, number>) => n + r[k], 0);
    for (const k of ['scheduled_minutes', 'worked_minutes', 'active_minutes', 'late_minutes', 'shifts'])
      expect(sum(k)).toBe(body.meta.totals[k]);
  });
});

describe('summary report', () => {
  it('sums each VA’s timesheet figures, with shifts, late, absent, activity and screenshots', async () => {
    const { body } = await admin('summary');
    expect(body.meta.period).toEqual(DEFAULT_PERIOD);
    const [ana, ben] = body.data;
    expect(ana).toMatchObject({
      va: { id: w.people.ana.id, name: 'Ana Test' },
      scheduled_minutes: 1080,
      worked_minutes: 1070,
      active_minutes: 655,
      idle_minutes: 415,
      overtime_minutes: 0,
      adjustment_minutes: 15,
      billable_minutes: 1085,
      shifts: 5,
      late: 1,
      absent: 1,
      activity_percent: 61,
      screenshots: 3,
    });
    // Wednesday's rejected timesheet bills nothing.
    expect(ben).toMatchObject({
      scheduled_minutes: 1440,
      worked_minutes: 1263,
      active_minutes: 999,
      idle_minutes: 261,
      billable_minutes: 842,
      shifts: 4,
      late: 1,
      absent: 0,
      activity_percent: 79,
      screenshots: 1,
    });
    expect(body.meta.totals).toEqual({
      scheduled_minutes: 2520,
      worked_minutes: 2333,
      active_minutes: 1654,
      idle_minutes: 676,
      overtime_minutes: 0,
      adjustment_minutes: 15,
      billable_minutes: 1927,
      shifts: 9,
      late: 2,
      absent: 1,
      activity_percent: 71,
      screenshots: 4,
    });
  });

  it('agrees with the timesheets’ own sums for the same period', async () => {
    const summary = (await admin('summary')).body.meta.totals;
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/admin-access/timesheets?start_date=${DEFAULT_PERIOD.start_date}&end_date=${DEFAULT_PERIOD.end_date}`,
      headers: await h.bearer('admin@home.test'),
    });
    expect(res.statusCode).toBe(200);
    const totals = res.json().meta.totals;
    for (const k of [
      'scheduled_minutes',
      'worked_minutes',
      'active_minutes',
      'idle_minutes',
      'billable_minutes',
      'adjustment_minutes',
    ])
      expect(summary[k]).toBe(totals[k]);
  });
});

describe('team summary', () => {
  it('has a row per team (empty ones too), VAs in no team last; a VA in two teams counts in both', async () => {
    const { body } = await admin('team-summary');
    expect(body.data.map((r: { team: { name: string } | null }) => r.team?.name ?? null)).toEqual([
      'Days',
      'Empty',
      'Nights',
      null,
    ]);
    const [days, empty, nights, none] = body.data;
    const ben = {
      members: 1,
      scheduled_minutes: 1440,
      worked_minutes: 1263,
      active_minutes: 999,
      billable_minutes: 842,
      activity_percent: 79,
      shifts: 4,
      late: 1,
      absent: 0,
    };
    expect(days).toEqual({ team: { id: w.teams.days.id, name: 'Days' }, ...ben });
    expect(nights).toMatchObject(ben);
    expect(empty).toMatchObject({ members: 0, shifts: 0, worked_minutes: 0, activity_percent: null });
    expect(none).toEqual({
      team: null,
      members: 1,
      scheduled_minutes: 1080,
      worked_minutes: 1070,
      active_minutes: 655,
      billable_minutes: 1085,
      activity_percent: 61,
      shifts: 5,
      late: 1,
      absent: 1,
    });
    // Each VA and shift once.
    expect(body.meta.totals).toEqual({
      members: 2,
      scheduled_minutes: 2520,
      worked_minutes: 2333,
      active_minutes: 1654,
      billable_minutes: 1927,
      activity_percent: 71,
      shifts: 9,
      late: 2,
      absent: 1,
    });
    expect(body.meta.total).toBe(4);
  });

  it('pages the teams, and narrows to one with team_id', async () => {
    const page = await admin('team-summary?per_page=3&page=2');
    expect(page.body.data.map((r: { team: unknown }) => r.team)).toEqual([null]);
    expect(page.body.meta).toMatchObject({ total: 4, last_page: 2 });
    expect(page.body.meta.totals.members).toBe(2);
    const one = await admin(`team-summary?team_id=${w.teams.days.id}`);
    expect(one.body.data.map((r: { team: { name: string } }) => r.team.name)).toEqual(['Days']);
    expect(one.body.meta).toMatchObject({ total: 1, totals: { members: 1, shifts: 4 } });
  });
});
