import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { attendances } from '../src/modules/attendance/attendance.table';
import { screenshots } from '../src/modules/screenshots/screenshots.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { asUser, seedTimesheetWorld, type TimesheetWorld, timesheetOf } from './timesheets-fixtures';

// Who sees and changes which timesheets: scope by role and organization, and the refused paths.

let h: Harness;
let w: TimesheetWorld;
useWorld('once', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

type Row = { id: number; va_id: number; client_id: number; date: string };
const list = async (email: string, area: 'admin' | 'manager' | 'client' | 'va', query = '') => {
  const res = await asUser(h, email, area, 'GET', `timesheets?per_page=100${query}`);
  expect(res.status).toBe(200);
  return res.body.data as Row[];
};
const idOf = async (a: typeof attendances.$inferSelect) => (await timesheetOf(h, a.id)).id;

describe('reads by role', () => {
  it("a manager sees their client's VAs; another client's timesheet, or a filter on that client, is 404", async () => {
    const rows = await list('manager@home.test', 'manager');
    expect(new Set(rows.map((r) => r.va_id))).toEqual(new Set([w.people.ana.id]));
    const ben = await idOf(w.attendances.benMon1);
    expect((await asUser(h, 'manager@home.test', 'manager', 'GET', `timesheets/${ben}`)).status).toBe(404);
    const patch = await asUser(h, 'manager@home.test', 'manager', 'PATCH', `timesheets/${ben}`, {
      status: 'approved',
    });
    expect(patch.status).toBe(404);
    const filtered = await asUser(
      h,
      'manager@home.test',
      'manager',
      'GET',
      `timesheets?client_id=${w.people.theo.id}`,
    );
    expect(filtered.status).toBe(404);
    expect((await timesheetOf(h, w.attendances.benMon1.id)).status).toBe('pending');
  });

  it("a client sees only their own contracts' rows: Ana's work for Theo is invisible to Mina", async () => {
    const mina = await list('mina@home.test', 'client');
    expect(mina).toHaveLength(5);
    expect(mina.every((r) => r.client_id === w.people.mina.id)).toBe(true);
    const theo = await list('theo@home.test', 'client');
    expect(theo).toHaveLength(5);
    const anaForTheo = await idOf(w.attendances.anaTheoThu1);
    expect((await asUser(h, 'mina@home.test', 'client', 'GET', `timesheets/${anaForTheo}`)).status).toBe(404);
    expect((await asUser(h, 'theo@home.test', 'client', 'GET', `timesheets/${anaForTheo}`)).status).toBe(200);
  });

  it('a VA sees only their own, newest first, with totals', async () => {
    const res = await asUser(h, 'ana@home.test', 'va', 'GET', 'timesheets');
    const rows = res.body.data as Row[];
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.va_id === w.people.ana.id)).toBe(true);
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort().reverse());
    expect(res.body.meta.totals).toMatchObject({ count: 7, worked_minutes: 2850 });
    const other = await asUser(h, 'ben@home.test', 'va', 'GET', `timesheets?client_id=${w.people.mina.id}`);
    expect(other.status).toBe(404);
  });

  it('organization 2 sees only its own', async () => {
    const rows = await list('admin@else.test', 'admin');
    expect(rows.map((r) => r.va_id)).toEqual([w.people.va2.id]);
    const ana = await idOf(w.attendances.anaMon1);
    expect((await asUser(h, 'admin@else.test', 'admin', 'GET', `timesheets/${ana}`)).status).toBe(404);
  });

  it('a VA or a client cannot change a timesheet (403)', async () => {
    const id = await idOf(w.attendances.anaMon1);
    const body = { status: 'approved' };
    expect(
      (await asUser(h, 'ana@home.test', 'va', 'PATCH', `../admin-access/timesheets/${id}`, body)).status,
    ).toBe(403);
    expect(
      (await asUser(h, 'mina@home.test', 'client', 'PATCH', `../manager-access/timesheets/${id}`, body))
        .status,
    ).toBe(403);
    expect((await timesheetOf(h, w.attendances.anaMon1.id)).status).toBe('pending');
  });
});

describe('weeks', () => {
  it("groups a VA's timesheets per client and week, Monday to Sunday, with the screenshots of each day", async () => {
    const a = w.attendances.anaTue1;
    await h.db.insert(screenshots).values(
      [0, 1, 2].map((i) => ({
        organizationId: 1,
        attendanceId: a.id,
        contractId: a.contractId,
        vaId: a.vaId,
        clientId: a.clientId,
        clientUuid: randomUUID(),
        takenAt: new Date(`2026-03-03T0${2 + i}:00:00Z`),
        source: 'scheduled' as const,
        tracker: 'desktop' as const,
        width: 10,
        height: 10,
        bytes: 10,
      })),
    );
    const res = await asUser(h, 'mina@home.test', 'client', 'GET', 'timesheets/weeks');
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { week_start: string }) => x.week_start)).toEqual([
      '2026-03-09',
      '2026-03-02',
    ]);
    const week1 = res.body.data[1];
    expect(week1).toMatchObject({
      va: { id: w.people.ana.id },
      client: { id: w.people.mina.id },
      count: 3,
      approved_count: 0,
      client_status: 'waiting',
      totals: { worked_minutes: 1470, billable_minutes: 1410, scheduled_minutes: 1440 },
    });
    expect(week1.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(week1.days[1]).toMatchObject({ worked_minutes: 450, activity_percent: 67, screenshots: 3 });
    expect(week1.days[3]).toMatchObject({ worked_minutes: 0, activity_percent: null, timesheet_ids: [] });

    const admin = await asUser(
      h,
      'admin@home.test',
      'admin',
      'GET',
      'timesheets/weeks?week_start=2026-03-02',
    );
    expect(admin.body.meta.total).toBe(3); // Ana–Mina, Ana–Theo, Ben–Theo
    const va = await asUser(h, 'ben@home.test', 'va', 'GET', 'timesheets/weeks');
    expect(va.body.data.every((x: { va: { id: number } }) => x.va.id === w.people.ben.id)).toBe(true);
    expect(va.body.meta.total).toBe(2);
  });
});
