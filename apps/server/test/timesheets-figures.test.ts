import { zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts } from '../src/modules/contracts/contracts.table';
import { minutes, minutesBetween } from '../src/modules/timesheets/timesheets.figures';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { insertShift, useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  asUser,
  completedShift,
  seedTimesheetWorld,
  setContractSettings,
  type TimesheetWorld,
  timesheetOf,
} from './timesheets-fixtures';

// The arithmetic of a timesheet as the admin reads it (DOMAIN.md "Timesheets"; decisions.md billable rule).

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const ADMIN = 'admin@home.test';
const detail = async (attendanceId: number) => {
  const ts = await timesheetOf(h, attendanceId);
  const res = await asUser(h, ADMIN, 'admin', 'GET', `timesheets/${ts.id}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** A completed shift from `from` to `to` local time on `date` in `zone` (next day when `to` is earlier). */
async function localShift(zone: string, date: string, from: number, to: number, workedMinutes: number) {
  const c = w.contracts.c1;
  await h.db.update(contracts).set({ timezone: zone }).where(eq(contracts.id, c.id));
  const start = zonedTimeToInstant(date, from * 60, zone);
  const endDate =
    to <= from ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : date;
  const end = zonedTimeToInstant(endDate, to * 60, zone);
  return insertShift(h, { ...c, timezone: zone }, date, start.toISOString(), end.toISOString(), {
    status: 'completed',
    startedAt: start,
    endedAt: end,
    workedSeconds: workedMinutes * 60,
    activeSeconds: workedMinutes * 30,
  });
}

describe('scheduled minutes', () => {
  it('an overnight shift 22:00–06:00 in Manila is 480 minutes, dated the day it starts', async () => {
    const a = await localShift('Asia/Manila', '2026-03-16', 22, 6, 480);
    expect(await detail(a.id)).toMatchObject({
      scheduled_minutes: 480,
      date: '2026-03-16',
      week_start: '2026-03-16',
    });
  });

  it('the spring-forward day in New York, 00:00–08:00, is 420 minutes; the fall-back day is 540', async () => {
    const spring = await localShift('America/New_York', '2026-03-08', 0, 8, 400);
    expect(await detail(spring.id)).toMatchObject({ scheduled_minutes: 420, worked_minutes: 400 });
    const fall = await localShift('America/New_York', '2026-11-01', 0, 8, 530);
    expect(await detail(fall.id)).toMatchObject({ scheduled_minutes: 540, billable_minutes: 530 });
  });
});

describe('seconds to minutes', () => {
  it('rounds half away from zero, as numeric round(seconds / 60.0) does, whole seconds and fractions alike', async () => {
    const x = sql.raw('x');
    const at = sql.raw(`timestamptz '2026-03-02 09:00:00+00'`);
    const { rows } = (await h.db.execute(sql`
      select count(*)::int as checked,
        count(*) filter (where ${minutes(x)} <> round(x / 60.0)::int)::int as whole_off,
        count(*) filter (where ${minutesBetween(at, sql`${at} + make_interval(secs => x + 0.5)`)}
          <> round((x + 0.5) / 60.0)::int)::int as half_off,
        count(*) filter (where ${minutesBetween(at, sql`${at} + make_interval(secs => x + 0.999999)`)}
          <> round((x + 0.999999) / 60.0)::int)::int as fraction_off
      from generate_series(-100000, 100000) x`)) as unknown as {
      rows: Array<{ checked: number; whole_off: number; half_off: number; fraction_off: number }>;
    };
    expect(rows[0]).toEqual({ checked: 200001, whole_off: 0, half_off: 0, fraction_off: 0 });
  });
});

describe('billable minutes', () => {
  it('caps worked time at the schedule unless the contract allows overtime', async () => {
    // Ana's Wednesday: 540 worked of 480 scheduled.
    expect(await detail(w.attendances.anaWed1.id)).toMatchObject({
      worked_minutes: 540,
      scheduled_minutes: 480,
      billable_minutes: 480,
    });
    await setContractSettings(h, w.contracts.c1.id, { overtimeAllowed: true });
    expect(await detail(w.attendances.anaWed1.id)).toMatchObject({ billable_minutes: 540 });
  });

  it('adds approved overtime and the adjustment, floors a negative total at 0, and a rejected one bills 0', async () => {
    const ts = await timesheetOf(h, w.attendances.anaTue1.id); // 450 worked
    await h.db
      .update(timesheets)
      .set({ overtimeMinutes: 45, adjustmentMinutes: 15 })
      .where(eq(timesheets.id, ts.id));
    expect(await detail(w.attendances.anaTue1.id)).toMatchObject({
      overtime_minutes: 45,
      adjustment_minutes: 15,
      billable_minutes: 510,
    });
    const patch = await asUser(h, ADMIN, 'admin', 'PATCH', `timesheets/${ts.id}`, {
      adjustment_minutes: -1440,
      note: 'Counted on the wrong day',
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ adjustment_minutes: -1440, billable_minutes: 0, worked_minutes: 450 });
    await asUser(h, ADMIN, 'admin', 'PATCH', `timesheets/${ts.id}`, {
      adjustment_minutes: 0,
      note: 'Undone',
    });
    const rejected = await asUser(h, ADMIN, 'admin', 'PATCH', `timesheets/${ts.id}`, { status: 'rejected' });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      frozen: false,
      worked_minutes: 450,
      billable_minutes: 0,
    });
  });

  it('activity is active of worked, in percent; nothing worked has no activity', async () => {
    expect(await detail(w.attendances.anaTue1.id)).toMatchObject({ activity_percent: 67 }); // 300 of 450
    expect(await detail(w.attendances.benTue1.id)).toMatchObject({
      activity_percent: null,
      billable_minutes: 0,
    });
  });
});

describe('list totals', () => {
  it('meta.totals are the sums of every matching row, over all pages, and the rows come oldest first', async () => {
    // Three more shifts for Ana with Mina (a third week): 13 rows in org 1. Wednesday counts 480 of its 540.
    for (const [i, date] of ['2026-03-16', '2026-03-17', '2026-03-18'].entries())
      await completedShift(h, w.contracts.c1, date, { worked: 100 + i, active: 50, idle: 50 + i });
    const seen: Array<Record<string, number>> = [];
    let totals: Record<string, number> | undefined;
    for (let page = 1; page <= 4; page++) {
      const res = await asUser(h, ADMIN, 'admin', 'GET', `timesheets?per_page=4&page=${page}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data);
      totals = res.body.meta.totals;
      expect(res.body.meta.total).toBe(13);
    }
    expect(seen).toHaveLength(13);
    expect(seen.map((r) => r.date)).toEqual([...seen.map((r) => r.date)].sort());
    for (const k of [
      'scheduled_minutes',
      'worked_minutes',
      'active_minutes',
      'idle_minutes',
      'billable_minutes',
    ])
      expect(totals?.[k]).toBe(seen.reduce((sum, r) => sum + r[k], 0));
    expect(totals).toMatchObject({ count: 13, worked_minutes: 3740 + 303, billable_minutes: 3680 + 303 });
  });

  it('totals follow the filters', async () => {
    const res = await asUser(h, ADMIN, 'admin', 'GET', `timesheets?va_id=${w.people.ben.id}&per_page=1`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.meta.totals).toMatchObject({ count: 3, worked_minutes: 890, billable_minutes: 890 });
  });
});
