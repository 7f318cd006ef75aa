import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { type ReportsWorld, report, seedReportsWorld } from './timesheets-reports-world';

// Who reads which report, and over what: a manager their VAs, a client their own contracts' shifts (Ana's
// evening for Theo is not Mina's), organization 2 nothing of organization 1; filters outside the scope 404.
let h: Harness;
let w: ReportsWorld;
useWorld('once', seedReportsWorld, (harness, world) => {
  h = harness;
  w = world;
});

type Row = { va: { name: string }; date?: string };
const names = (rows: Row[]) => [...new Set(rows.map((r) => r.va.name))];

describe('manager', () => {
  it('reads the daily and summary reports of their VAs only', async () => {
    const mia = await report(h, 'manager@home.test', 'manager', 'daily');
    expect(mia.status).toBe(200);
    expect(names(mia.body.data)).toEqual(['Ana Test']);
    // Ana's shifts whoever the client: Mia manages Ana (through Mina), so her evening for Theo is in.
    expect(mia.body.meta.totals).toMatchObject({ shifts: 5, worked_minutes: 1070 });
    const leo = await report(h, 'leader@home.test', 'manager', 'summary');
    expect(names(leo.body.data)).toEqual(['Ben Test']);
    expect(leo.body.meta.totals).toMatchObject({ worked_minutes: 1263, screenshots: 1 });
    const ned = await report(h, 'nobody@home.test', 'manager', 'summary');
    expect(ned.body.data).toEqual([]);
    expect(ned.body.meta).toMatchObject({ total: 0, totals: { shifts: 0, screenshots: 0 } });
  });

  it('is answered 404 for a VA, client or team outside their scope', async () => {
    const mia = (path: string) => report(h, 'manager@home.test', 'manager', path);
    expect((await mia(`daily?va_id=${w.people.ben.id}`)).status).toBe(404);
    expect((await mia(`summary?client_id=${w.people.theo.id}`)).status).toBe(404);
    expect((await mia(`daily?team_id=${w.teams.days.id}`)).status).toBe(404);
    expect((await mia(`daily?va_id=${w.people.ana.id}`)).status).toBe(200);
  });

  it('has no attendance or team summary report', async () => {
    expect((await report(h, 'manager@home.test', 'manager', 'attendance')).status).toBe(404);
    expect((await report(h, 'manager@home.test', 'manager', 'team-summary')).status).toBe(404);
  });
});

describe('client', () => {
  it('reads the daily report of their own contracts’ shifts only', async () => {
    const { status, body } = await report(h, 'mina@home.test', 'client', 'daily');
    expect(status).toBe(200);
    expect(body.data.map((r: Row) => r.date)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    // Monday is Mina's 8 hours, without Ana's evening for Theo.
    expect(body.data[0]).toMatchObject({ scheduled_minutes: 480, worked_minutes: 480, shifts: 1 });
    expect(body.data[0].last_end_at).toBe('2026-03-09T09:00:00.000Z');
    expect(body.meta.totals).toEqual({
      scheduled_minutes: 1440,
      worked_minutes: 950,
      active_minutes: 595,
      activity_percent: 63,
      late_minutes: 10,
      shifts: 4,
      late: 1,
      absent: 1,
    });
    const theo = await report(h, 'theo@home.test', 'client', 'daily');
    expect(theo.body.meta.totals).toMatchObject({ shifts: 5, worked_minutes: 1383 });
  });

  it('is answered 404 for a VA or client not theirs, and has no other report', async () => {
    expect((await report(h, 'mina@home.test', 'client', `daily?va_id=${w.people.ben.id}`)).status).toBe(404);
    expect((await report(h, 'mina@home.test', 'client', `daily?client_id=${w.people.theo.id}`)).status).toBe(
      404,
    );
    expect((await report(h, 'mina@home.test', 'client', 'summary')).status).toBe(404);
  });
});

describe('outside', () => {
  it('shows organization 2 nothing of organization 1, and 404 for its people', async () => {
    const eve = (path: string) => report(h, 'admin@else.test', 'admin', path);
    const daily = await eve('daily?start_date=2026-03-09&end_date=2026-03-12');
    expect(names(daily.body.data)).toEqual(['Gus Test']);
    expect(daily.body.meta.totals).toMatchObject({ shifts: 1, worked_minutes: 480 });
    const teams = await eve('team-summary');
    expect(teams.body.data.map((r: { team: unknown }) => r.team)).toEqual([null]);
    expect(teams.body.meta.totals.members).toBe(1);
    expect((await eve(`summary?va_id=${w.people.ana.id}`)).status).toBe(404);
    expect((await eve(`attendance?team_id=${w.teams.days.id}`)).status).toBe(404);
  });

  it('refuses a VA (403) and a caller without a token (401)', async () => {
    expect((await report(h, 'ana@home.test', 'admin', 'daily')).status).toBe(403);
    expect((await report(h, 'ana@home.test', 'client', 'daily')).status).toBe(403);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/v1/admin-access/reports/summary' });
    expect(anonymous.statusCode).toBe(401);
  });
});
