import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../src/modules/organizations/organizations.table';
import {
  attendanceRow,
  callAs,
  ping,
  pingCount,
  seedTrackerWorld,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// An inactive organization loses nothing: the VA's ongoing shift keeps its pings and ends as usual, while a new
// clock-in is refused with a message the tracker shows and every other write answers 402. Organization 2
// ("Elsewhere"): VA Gus works for client Finn, 09:00–17:00 Manila (01:00–09:00 UTC).
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';

let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const setStatus = (status: number) =>
  h.db.update(organizations).set({ status }).where(eq(organizations.id, w.people.va2.organizationId));

describe("an inactive organization's tracker", () => {
  it("still counts the ongoing shift's pings and its clock-out, and refuses a new clock-in with the reason", async () => {
    const today = await shift(h, w.contracts.c9, START, END);
    h.clock.set(START);
    expect(
      (await callAs(h, 'va@else.test', 'va', 'POST', 'attendance/clock-in', { attendance_id: today.id }))
        .status,
    ).toBe(200);
    await setStatus(0);

    h.clock.set('2026-03-10T01:02:00Z');
    const sent = await callAs(h, 'va@else.test', 'va', 'POST', 'attendance/pings', {
      attendance_id: today.id,
      pings: [ping('2026-03-10T01:01:00Z'), ping('2026-03-10T01:02:00Z')],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await pingCount(h, today.id)).toBe(2);
    expect((await attendanceRow(h, today.id)).workedSeconds).toBeGreaterThan(0);
    // Reads stay open (an agency can export its data).
    expect((await callAs(h, 'admin@else.test', 'admin', 'GET', 'attendance')).status).toBe(200);
    // The admin's other writes are refused.
    const write = await callAs(h, 'admin@else.test', 'admin', 'POST', 'attendance/reset-upcoming', {
      contract_id: w.contracts.c9.id,
    });
    expect(write.status).toBe(402);
    expect(write.body.code).toBe('subscription_inactive');

    h.clock.set('2026-03-10T02:00:00Z');
    const out = await callAs(h, 'va@else.test', 'va', 'POST', 'attendance/clock-out', {
      attendance_id: today.id,
    });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect((await attendanceRow(h, today.id)).status).toBe('completed');

    // Tomorrow's shift cannot start while the organization is inactive.
    const tomorrow = await shift(h, w.contracts.c9, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    h.clock.set('2026-03-11T01:00:00Z');
    const refused = await callAs(h, 'va@else.test', 'va', 'POST', 'attendance/clock-in', {
      attendance_id: tomorrow.id,
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'subscription_inactive',
      message:
        "Your organization's subscription is inactive, so a new shift cannot start. Ask your admin to renew it.",
      message_code: { code: 'billing.clock_in_inactive' },
    });
    expect((await attendanceRow(h, tomorrow.id)).status).toBe('upcoming');

    // Renewed, the clock-in goes through.
    await setStatus(1);
    expect(
      (await callAs(h, 'va@else.test', 'va', 'POST', 'attendance/clock-in', { attendance_id: tomorrow.id }))
        .status,
    ).toBe(200);
  });
});
