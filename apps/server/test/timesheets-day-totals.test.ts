import type { Role } from '@vahub/shared/auth/roles';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { contractSettings } from '../src/modules/contracts/contracts.table';
import { timesheetTotals, timesheetWhere } from '../src/modules/timesheets/timesheets.query';
import { timesheetDayTotals, timesheets } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  asUser,
  completedShift,
  seedTimesheetWorld,
  setContractSettings,
  setTracked,
  startShift,
  type TimesheetWorld,
  timesheetOf,
} from './timesheets-fixtures';

// An admin's timesheets list narrowed by nothing but the period reads its totals from timesheet_day_totals
// (migration 0028) plus the ongoing shifts live: whatever changes, they stay those of the rows themselves.

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const ADMIN = 'admin@home.test';
const MARCH = { start_date: '2026-03-01', end_date: '2026-03-31' };

/** The totals the rows themselves add up to (the query every other list uses). */
async function rowTotals(period: { start_date?: string; end_date?: string }) {
  const a = w.people.admin;
  const viewer = h.deps.viewers(
    {
      userId: a.id,
      organizationId: a.organizationId,
      roles: a.roles as Role[],
      sessionId: 'test',
      timezone: a.timezone,
    },
    'admin',
  );
  const { count, ...sums } = await timesheetTotals(h.db, timesheetWhere(viewer, period));
  return Object.fromEntries(Object.entries({ count, ...sums }).map(([k, v]) => [k, Number(v)]));
}

/** The list's totals, read twice (computed, then from the stored sums): both equal the rows' totals. */
async function expectTotalsRight(period: { start_date?: string; end_date?: string } = MARCH) {
  const query = new URLSearchParams(period as Record<string, string>).toString();
  const expected = await rowTotals(period);
  for (let i = 0; i < 2; i++) {
    const res = await asUser(h, ADMIN, 'admin', 'GET', `timesheets?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.totals).toEqual(expected);
    expect(res.body.meta.total).toBe(expected.count);
  }
  return expected;
}

const versions = async () =>
  new Map(
    (
      await h.db
        .select({ date: timesheetDayTotals.date, version: timesheetDayTotals.version })
        .from(timesheetDayTotals)
        .where(eq(timesheetDayTotals.organizationId, 1))
    ).map((r) => [r.date, r.version]),
  );

describe('timesheet_day_totals', () => {
  it('a period, all time, another organization: the rows’ totals, and stored once read', async () => {
    const march = await expectTotalsRight();
    expect(march.count).toBe(10);
    await expectTotalsRight({});
    await expectTotalsRight({ start_date: '2026-03-03', end_date: '2026-03-03' });
    const stale = await h.db
      .select()
      .from(timesheetDayTotals)
      .where(eq(timesheetDayTotals.organizationId, 1));
    expect(stale.length).toBeGreaterThan(0);
    for (const day of stale) expect(day.settledVersion).toBe(day.version);
    const res = await asUser(h, w.people.admin2.email, 'admin', 'GET', 'timesheets');
    expect(res.status).toBe(200);
    expect(res.body.meta.totals.count).toBe(1);
  });

  it('follows inserts, figure changes, timesheet updates, a new date and deletes', async () => {
    await expectTotalsRight();
    await completedShift(h, w.contracts.c1, '2026-03-16', { worked: 500, active: 400, idle: 100 });
    await expectTotalsRight();
    await setTracked(h, w.attendances.anaTue1.id, { worked: 470, active: 470, idle: 0 });
    await expectTotalsRight();
    const ts = await timesheetOf(h, w.attendances.anaMon1.id);
    await h.db
      .update(timesheets)
      .set({ adjustmentMinutes: 30, overtimeMinutes: 15 })
      .where(eq(timesheets.id, ts.id));
    await expectTotalsRight();
    await h.db
      .update(timesheets)
      .set({ status: 'approved', frozenWorkedMinutes: 1, frozenCountedMinutes: 1, frozenScheduledMinutes: 2 })
      .where(eq(timesheets.id, ts.id));
    await expectTotalsRight();
    await h.db.update(timesheets).set({ status: 'rejected' }).where(eq(timesheets.id, ts.id));
    await expectTotalsRight();
    // Moved to another day (the trigger moves its timesheet with it).
    await h.db
      .update(attendances)
      .set({ date: '2026-03-20' })
      .where(eq(attendances.id, w.attendances.benMon1.id));
    await expectTotalsRight();
    await expectTotalsRight({ start_date: '2026-03-02', end_date: '2026-03-02' });
    await h.db.delete(attendances).where(eq(attendances.id, w.attendances.anaWed1.id));
    await expectTotalsRight();
  });

  it('a contract allowing overtime recounts its shifts past the schedule', async () => {
    await expectTotalsRight();
    await setContractSettings(h, w.contracts.c1.id, { overtimeAllowed: true });
    const allowed = await expectTotalsRight();
    await setContractSettings(h, w.contracts.c1.id, { overtimeAllowed: false });
    const capped = await expectTotalsRight();
    // anaWed1 worked 540 of 480: 60 more billable when overtime counts.
    expect(allowed.billable_minutes - capped.billable_minutes).toBe(60);
    await h.db.delete(contractSettings).where(eq(contractSettings.contractId, w.contracts.c1.id));
    await expectTotalsRight();
  });

  it('ongoing shifts are summed live: a ping moves no version, the end of the shift does', async () => {
    const ongoing = await startShift(h, w.contracts.c2, '2026-03-18T01:00:00Z', '2026-03-18T09:00:00Z');
    await setTracked(h, ongoing.id, { worked: 100, active: 90, idle: 10 });
    await expectTotalsRight();
    const before = await versions();
    // A ping: the tracked figures of a shift still ongoing.
    await setTracked(h, ongoing.id, { worked: 130, active: 100, idle: 30 });
    expect(await versions()).toEqual(before);
    const live = await expectTotalsRight();
    expect(live.worked_minutes).toBe((await rowTotals(MARCH)).worked_minutes);
    await h.db
      .update(attendances)
      .set({ status: 'completed', endedAt: new Date('2026-03-18T09:00:00Z') })
      .where(eq(attendances.id, ongoing.id));
    const after = await versions();
    expect(after.get('2026-03-18')).toBe((before.get('2026-03-18') ?? 0) + 1);
    await expectTotalsRight();
    // A late change to the finished shift's figures.
    await setTracked(h, ongoing.id, { worked: 200, active: 150, idle: 50 });
    await expectTotalsRight();
    // Resumed: ongoing again.
    await h.db
      .update(attendances)
      .set({ status: 'ongoing', endedAt: null })
      .where(and(eq(attendances.id, ongoing.id)));
    await setTracked(h, ongoing.id, { worked: 210, active: 150, idle: 60 });
    await expectTotalsRight();
  });

  it('a filter or a narrower viewer counts its own rows', async () => {
    const res = await asUser(
      h,
      ADMIN,
      'admin',
      'GET',
      `timesheets?start_date=2026-03-01&va_id=${w.people.ben.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.meta.totals.count).toBe(3);
    const pending = await asUser(h, ADMIN, 'admin', 'GET', 'timesheets?status=approved');
    expect(pending.body.meta.totals.count).toBe(0);
  });
});
