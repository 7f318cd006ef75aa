import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { seedTimesheetWorld, startShift, type TimesheetWorld, timesheetOf } from './timesheets-fixtures';

let h: Harness;
let w: TimesheetWorld;
useWorld('each', seedTimesheetWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

describe('the timesheet trigger', () => {
  it('gives every started shift of the world a timesheet, on its local date and the Monday of its week', async () => {
    const rows = await h.db.select().from(timesheets);
    expect(rows).toHaveLength(Object.keys(w.attendances).length);
    const wed = await timesheetOf(h, w.attendances.anaWed1.id);
    expect(wed).toMatchObject({ date: '2026-03-04', weekStart: '2026-03-02', status: 'pending' });
    const thu2 = await timesheetOf(h, w.attendances.anaTheoThu2.id);
    expect(thu2).toMatchObject({ weekStart: '2026-03-09', clientId: w.people.theo.id, organizationId: 1 });
  });

  it('creates the timesheet when an upcoming shift is clocked in, in the same transaction, pending and waiting', async () => {
    const a = await startShift(h, w.contracts.c1, '2026-03-19T01:00:00Z', '2026-03-19T09:00:00Z', {
      status: 'upcoming',
      startedAt: null,
    });
    expect(await h.db.select().from(timesheets).where(eq(timesheets.attendanceId, a.id))).toHaveLength(0);
    // A clock-in whose transaction fails leaves no timesheet behind.
    await expect(
      h.db.transaction(async (tx) => {
        await tx
          .update(attendances)
          .set({ startedAt: new Date('2026-03-19T01:02:00Z') })
          .where(eq(attendances.id, a.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await h.db.select().from(timesheets).where(eq(timesheets.attendanceId, a.id))).toHaveLength(0);
    await h.db.transaction(async (tx) => {
      await tx
        .update(attendances)
        .set({ status: 'ongoing', startedAt: new Date('2026-03-19T01:02:00Z') })
        .where(eq(attendances.id, a.id));
      const [inside] = await tx.select().from(timesheets).where(eq(timesheets.attendanceId, a.id));
      expect(inside).toMatchObject({ status: 'pending', clientStatus: 'waiting', date: '2026-03-19' });
    });
    expect(await timesheetOf(h, a.id)).toMatchObject({ weekStart: '2026-03-16', vaId: w.people.ana.id });
  });
});
