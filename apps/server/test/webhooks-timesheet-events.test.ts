import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoApproveSweep } from '../src/modules/timesheets/timesheets.jobs';
import { domainEvents } from '../src/platform/events/events.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  asUser,
  seedTimesheetWorld,
  setContractSettings,
  type TimesheetWorld,
  timesheetOf,
} from './timesheets-fixtures';

// The two domain events issue 31 added to the timesheets module for webhooks.

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const raised = (type: 'timesheet.approved' | 'timesheet.signed_off') =>
  h.db.select().from(domainEvents).where(eq(domainEvents.type, type));

describe('timesheet events', () => {
  it('an approval raises timesheet.approved once, with who approved; approving it again is refused and raises nothing more', async () => {
    const ts = await timesheetOf(h, w.attendances.anaMon1.id);
    const res = await asUser(h, 'admin@home.test', 'admin', 'PATCH', `timesheets/${ts.id}`, {
      status: 'approved',
    });
    expect(res.status).toBe(200);
    const events = await raised('timesheet.approved');
    expect(events.map((e) => e.payload)).toEqual([
      {
        timesheet_id: ts.id,
        attendance_id: w.attendances.anaMon1.id,
        va_id: w.people.ana.id,
        client_id: ts.clientId,
        approved_by: w.people.admin.id,
        automatic: false,
      },
    ]);
    await asUser(h, 'admin@home.test', 'admin', 'PATCH', `timesheets/${ts.id}`, { status: 'approved' });
    expect(await raised('timesheet.approved')).toHaveLength(1);
  });

  it('the auto-approval sweep raises it as automatic, by nobody', async () => {
    await setContractSettings(h, w.contracts.c2.id, { timesheetApprovalRequired: false });
    h.clock.set('2026-03-13T09:01:00Z');
    const n = await autoApproveSweep(h.deps);
    expect(n).toBeGreaterThan(0);
    const events = await raised('timesheet.approved');
    expect(events).toHaveLength(n);
    expect(events.every((e) => e.payload.automatic === true && e.payload.approved_by === null)).toBe(true);
  });

  it("a client's approving sign-off raises timesheet.signed_off; a dispute does not", async () => {
    const week = { va_id: w.people.ana.id, week_start: '2026-03-02' };
    await asUser(h, 'theo@home.test', 'client', 'POST', 'timesheets/sign-off', {
      ...week,
      decision: 'dispute',
      comment: 'Hours?',
    });
    expect(await raised('timesheet.signed_off')).toHaveLength(0);
    const res = await asUser(h, 'theo@home.test', 'client', 'POST', 'timesheets/sign-off', {
      ...week,
      decision: 'approve',
    });
    expect(res.status).toBe(200);
    const [event] = await raised('timesheet.signed_off');
    expect(event.payload).toEqual({
      va_id: w.people.ana.id,
      client_id: w.people.theo.id,
      week_start: '2026-03-02',
      comment: null,
      actor_id: w.people.theo.id,
    });
    expect(
      await h.db
        .select()
        .from(domainEvents)
        .where(
          and(
            eq(domainEvents.type, 'timesheet.disputed'),
            inArray(domainEvents.organizationId, [event.organizationId]),
          ),
        ),
    ).toHaveLength(1);
  });
});
