import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { scheduledSecondsSum } from '../src/modules/attendance/reads/reads.summary';
import { contracts } from '../src/modules/contracts/contracts.table';
import { users } from '../src/modules/people/users.table';
import { callAs, pingSeries, seedTrackerWorld, shift, type TrackerWorld } from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// Issue 23, item 9: "Worked today / this week" is the time worked inside the viewer's day and week. Ana works
// New York shifts for Mina; her manager Mia lives in Manila, the admin in UTC. Through the tracker protocol:
// - Sunday 29 November 09:00–13:00 EST (14:00–18:00 UTC), pinging every minute, then clocked out. Manila's
//   week starts on Sunday 16:00 UTC (Monday 00:00 there): its last two hours are Mia's week.
// - Tuesday 1 December 09:00–17:00 EST (14:00–22:00 UTC), pinging every minute until 21:00 UTC. Manila's
//   Wednesday 2 December starts at 16:00 UTC: 5 of her 7 hours are Mia's today, though the shift started
//   on Tuesday evening there.
// Now is 21:30 UTC: Wednesday 05:30 in Manila, Tuesday in UTC and New York.
let h: Harness;
let w: TrackerWorld;

async function workShift(harness: Harness, start: string, end: string, date: string, pings: number) {
  const a = await shift(harness, w.contracts.c1, start, end, { date });
  harness.clock.set(start);
  const vaCall = (path: string, body: object) => callAs(harness, 'ana@home.test', 'va', 'POST', path, body);
  expect((await vaCall('attendance/clock-in', { attendance_id: a.id })).status).toBe(200);
  const last = new Date(new Date(start).getTime() + pings * 60_000).toISOString();
  harness.clock.set(last);
  const sent = await vaCall('attendance/pings', { attendance_id: a.id, pings: pingSeries(start, pings) });
  expect(sent.body).toMatchObject({
    accepted: pings,
    rejected: [],
    attendance: { worked_seconds: pings * 60 },
  });
  return { a, vaCall };
}

async function seed(harness: Harness) {
  w = await seedTrackerWorld(harness);
  const { c1 } = w.contracts;
  await harness.db.update(contracts).set({ timezone: 'America/New_York' }).where(eq(contracts.id, c1.id));
  await harness.db.update(users).set({ timezone: 'Asia/Manila' }).where(eq(users.id, w.people.manager.id));
  const sunday = await workShift(harness, '2026-11-29T14:00:00Z', '2026-11-29T18:00:00Z', '2026-11-29', 240);
  expect((await sunday.vaCall('attendance/clock-out', { attendance_id: sunday.a.id })).status).toBe(200);
  await workShift(harness, '2026-12-01T14:00:00Z', '2026-12-01T22:00:00Z', '2026-12-01', 420);
  harness.clock.set('2026-12-01T21:30:00Z');
  return w;
}

useWorld('once', seed, (harness) => {
  h = harness;
});

const HOUR = 3600;
const counters = (email: string, area: string, path: string) => callAs(h, email, area, 'GET', path);

describe("the dashboard's worked time is the viewer's day and week", () => {
  it("a Manila manager's 'Worked today' is the hours worked during the Manila day", async () => {
    const { status, body } = await counters('manager@home.test', 'manager', 'dashboard/counters');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      timezone: 'Asia/Manila',
      date: '2026-12-02',
      week_start: '2026-11-30',
      // 16:00–21:00 UTC of Tuesday's shift.
      worked_seconds_today: 5 * HOUR,
      // Sunday's last two hours (Monday in Manila) and all of Tuesday's seven.
      worked_seconds_week: 9 * HOUR,
      on_shift: 1,
    });
  });

  it('an admin in UTC counts the same blocks on their own day and week', async () => {
    const { body } = await counters('admin@home.test', 'admin', 'dashboard/counters');
    expect(body).toMatchObject({
      date: '2026-12-01',
      week_start: '2026-11-30',
      worked_seconds_today: 7 * HOUR,
      // Sunday is last week in UTC.
      worked_seconds_week: 7 * HOUR,
    });
  });

  it("the client's stats in New York, and nobody else's work", async () => {
    const { body } = await counters('mina@home.test', 'client', 'stats');
    expect(body).toMatchObject({
      date: '2026-12-01',
      worked_seconds_today: 7 * HOUR,
      worked_seconds_week: 7 * HOUR,
    });
    const theo = await counters('theo@home.test', 'client', 'stats');
    expect(theo.body).toMatchObject({ worked_seconds_today: 0, worked_seconds_week: 0 });
    const leader = await counters('leader@home.test', 'manager', 'dashboard/counters');
    expect(leader.body).toMatchObject({ worked_seconds_today: 0, worked_seconds_week: 0 });
  });
});

describe('scheduled time', () => {
  it('sums exactly as numeric seconds do, fractions of a second included (each shift, and all of them)', async () => {
    const c = w.contracts.c2;
    const ends = ['09:00:00.5', '09:00:00.000001', '09:00:00.999999', '08:59:59.5', '08:59:59.499999'];
    for (const [i, end] of ends.entries())
      await shift(h, c, `2026-03-1${i}T01:00:00Z`, `2026-03-1${i}T${end}Z`);
    const mine = sql`${attendances.contractId} = ${c.id}`;
    const numeric = sql`sum(extract(epoch from ${attendances.scheduledEndAt} - ${attendances.scheduledStartAt})) filter (where ${mine})`;
    const fast = scheduledSecondsSum(mine);
    const compared = {
      same: sql<boolean>`${fast} = ${numeric}`,
      seconds: sql<string>`(${fast})::bigint::text`,
    };
    const each = await h.db
      .select(compared)
      .from(attendances)
      .where(mine)
      .groupBy(attendances.id)
      .orderBy(attendances.scheduledStartAt);
    expect(each).toEqual(
      ['28801', '28800', '28801', '28800', '28799'].map((seconds) => ({ same: true, seconds })),
    );
    const [all] = await h.db.select(compared).from(attendances);
    // 28800.5 + 28800.000001 + 28800.999999 + 28799.5 + 28799.499999 = 144000.499999
    expect(all).toEqual({ same: true, seconds: '144000' });
  });
});
