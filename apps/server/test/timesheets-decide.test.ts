import { describe, expect, it } from 'vitest';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  asUser,
  seedTimesheetWorld,
  setTracked,
  startShift,
  type TimesheetWorld,
  timesheetOf,
} from './timesheets-fixtures';

// Adjusting and deciding a timesheet: live figures until approval, frozen after, an admin's reopen thaws.

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const ADMIN = 'admin@home.test';
const MANAGER = 'manager@home.test';
const patch = (email: string, area: 'admin' | 'manager', id: number, body: object) =>
  asUser(h, email, area, 'PATCH', `timesheets/${id}`, body);
const get = (email: string, area: 'admin' | 'manager' | 'client', id: number) =>
  asUser(h, email, area, 'GET', `timesheets/${id}`);

describe('live until approval, frozen after', () => {
  it("follows the open shift's pings, stops following them once approved, and follows again after a reopen", async () => {
    const a = await startShift(h, w.contracts.c1, '2026-03-18T01:00:00Z', '2026-03-18T09:00:00Z');
    const ts = await timesheetOf(h, a.id);
    expect(ts).toMatchObject({ status: 'pending', clientStatus: 'waiting' });
    await setTracked(h, a.id, { worked: 120, active: 90, idle: 30 });
    expect((await get(ADMIN, 'admin', ts.id)).body).toMatchObject({ worked_minutes: 120, frozen: false });
    await setTracked(h, a.id, { worked: 200, active: 150, idle: 50 });
    expect((await get(ADMIN, 'admin', ts.id)).body).toMatchObject({
      worked_minutes: 200,
      active_minutes: 150,
    });

    const approved = await patch(MANAGER, 'manager', ts.id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      frozen: true,
      worked_minutes: 200,
      approved_by: w.people.manager.id,
      approver: { id: w.people.manager.id },
    });
    // Late pings after the approval: the timesheet keeps its figures; the detail shows what was tracked since.
    await setTracked(h, a.id, { worked: 260, active: 200, idle: 60 });
    expect((await get(ADMIN, 'admin', ts.id)).body).toMatchObject({
      worked_minutes: 200,
      billable_minutes: 200,
      tracked: { worked_minutes: 260, active_minutes: 200, idle_minutes: 60 },
    });

    const reopened = await patch(ADMIN, 'admin', ts.id, { status: 'pending' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      status: 'pending',
      frozen: false,
      worked_minutes: 260,
      approved_by: null,
    });
    expect(reopened.body.history.map((e: { action: string }) => e.action)).toEqual(['approved', 'reopened']);
    expect(reopened.body.history[1].actor).toMatchObject({ id: w.people.admin.id });
  });

  it('refuses any change to an approved timesheet (422), and a manager cannot reopen it (403)', async () => {
    const ts = await timesheetOf(h, w.attendances.anaMon1.id);
    await patch(ADMIN, 'admin', ts.id, { status: 'approved' });
    const adjust = await patch(ADMIN, 'admin', ts.id, { adjustment_minutes: 10, note: 'Late start' });
    expect(adjust.status).toBe(422);
    expect(adjust.body.errors.status).toBeDefined();
    const reopen = await patch(MANAGER, 'manager', ts.id, { status: 'pending' });
    expect(reopen.status).toBe(403);
    expect(reopen.body.message).toBe('Only an admin may reopen an approved timesheet');
    expect((await get(ADMIN, 'admin', ts.id)).body).toMatchObject({
      status: 'approved',
      adjustment_minutes: 0,
    });
  });
});

describe('adjustments', () => {
  it('needs a note (422 on note), keeps the tracked figures and records the change in the history', async () => {
    const ts = await timesheetOf(h, w.attendances.anaTue1.id);
    const bare = await patch(ADMIN, 'admin', ts.id, { adjustment_minutes: 30 });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.note).toEqual(['Say why: an adjustment needs a reason']);

    const ok = await patch(MANAGER, 'manager', ts.id, { adjustment_minutes: 30, note: 'Forgot to clock in' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      worked_minutes: 450,
      adjustment_minutes: 30,
      billable_minutes: 480,
      note: 'Forgot to clock in',
      tracked: { worked_minutes: 450 },
    });
    expect(ok.body.history).toEqual([
      expect.objectContaining({
        action: 'adjusted',
        actor: expect.objectContaining({ id: w.people.manager.id }),
        details: { from: 0, to: 30, note: 'Forgot to clock in' },
      }),
    ]);
  });

  it("puts the timesheet back to waiting when it changes after the client's approval of the week", async () => {
    const sign = await asUser(h, 'mina@home.test', 'client', 'POST', 'timesheets/sign-off', {
      va_id: w.people.ana.id,
      week_start: '2026-03-02',
      decision: 'approve',
    });
    expect(sign.status).toBe(200);
    const tue = await timesheetOf(h, w.attendances.anaTue1.id);
    expect(tue.clientStatus).toBe('approved');
    await patch(ADMIN, 'admin', tue.id, { adjustment_minutes: -20, note: 'Long lunch' });
    expect((await timesheetOf(h, w.attendances.anaTue1.id)).clientStatus).toBe('waiting');
    expect((await timesheetOf(h, w.attendances.anaMon1.id)).clientStatus).toBe('approved');
    const weeks = await asUser(
      h,
      'mina@home.test',
      'client',
      'GET',
      'timesheets/weeks?week_start=2026-03-02',
    );
    expect(weeks.body.data[0]).toMatchObject({ client_status: 'waiting', count: 3 });
  });
});
