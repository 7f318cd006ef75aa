import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendances } from '../src/modules/attendance/attendance.table';
import { extendWindow } from '../src/modules/attendance/engine/sweeps';
import { timesheets } from '../src/modules/timesheets/timesheets.table';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import {
  ADMIN,
  ANA,
  ask,
  attendanceRow,
  buildWindow,
  call,
  codesOf,
  dayShift,
  decide,
  eventsOf,
  MANAGER,
  pdfBytes,
  type RequestWorld,
  requestRow,
  seedRequestWorld,
  timesheetOf,
  workedShift,
} from './requests-fixtures';

// Deciding overtime and make-up shifts: approved overtime counts on the shift's timesheet, a make-up shift becomes
// an attendance; reversals take both back; two deciders at once apply an approval once.
let h: Harness;
let w: RequestWorld;
useWorld('each', seedRequestWorld, (hh, ww) => {
  h = hh;
  w = ww;
});

const file = { bytes: pdfBytes() };
const timesheetView = async (attendanceId: number) => {
  const ts = await timesheetOf(h, attendanceId);
  return (await call(h, ADMIN, 'GET', `admin-access/timesheets/${ts.id}`)).body;
};
const askMus = (date: string, start: number, end: number) =>
  ask(h, ANA, { type: 'mus', contract_id: w.contracts.c1.id, mus: { date, start, end } }, file);

describe('an overtime decision', () => {
  it('adds the minutes to the timesheet (billable too, the client’s week waits again); a reversal takes them off', async () => {
    const a = await workedShift(h, w.contracts.c1, '2026-03-17');
    await h.db.update(timesheets).set({ clientStatus: 'approved' }).where(eq(timesheets.attendanceId, a.id));
    const asked = await ask(
      h,
      ANA,
      { type: 'overtime', contract_id: w.contracts.c1.id, attendance_id: a.id, minutes: 45 },
      file,
    );
    expect(await timesheetView(a.id)).toMatchObject({ overtime_minutes: 0, billable_minutes: 480 });

    const approved = await decide(h, ADMIN, 'admin', asked.body.id, {
      status: 'approved',
      note: 'Month-end close',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.effect).toMatchObject({
      kind: 'overtime',
      overtime_minutes: 45,
      timesheet_id: (await timesheetOf(h, a.id)).id,
    });
    expect(await timesheetView(a.id)).toMatchObject({
      overtime_minutes: 45,
      billable_minutes: 525,
      client_status: 'waiting',
    });

    const reversed = await decide(h, ADMIN, 'admin', asked.body.id, {
      status: 'rejected',
      note: 'Counted twice',
    });
    expect(reversed.status).toBe(200);
    expect(await timesheetView(a.id)).toMatchObject({ overtime_minutes: 0, billable_minutes: 480 });
  });

  it('is refused at approval when its shift is gone', async () => {
    const a = await workedShift(h, w.contracts.c1, '2026-03-17');
    const asked = await ask(
      h,
      ANA,
      { type: 'overtime', contract_id: w.contracts.c1.id, attendance_id: a.id, minutes: 30 },
      file,
    );
    await h.db.delete(attendances).where(eq(attendances.id, a.id));
    const res = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' });
    expect(res.status).toBe(422);
    expect(codesOf(res.body, 'attendance_id')).toEqual(['requests.attendance_not_yours']);
    expect((await requestRow(h, asked.body.id)).status).toBe('pending');
  });

  it('applies once when two deciders approve at the same moment', async () => {
    const a = await workedShift(h, w.contracts.c1, '2026-03-17');
    const asked = await ask(
      h,
      ANA,
      { type: 'overtime', contract_id: w.contracts.c1.id, attendance_id: a.id, minutes: 45 },
      file,
    );
    await h.bearer(ADMIN);
    await h.bearer(MANAGER);
    const [one, two] = await Promise.all([
      decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' }),
      decide(h, MANAGER, 'manager', asked.body.id, { status: 'approved' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 422]);
    const loser = one.status === 422 ? one : two;
    expect(codesOf(loser.body, 'status')).toEqual(['requests.same_decision']);
    expect((await timesheetOf(h, a.id)).overtimeMinutes).toBe(45);
    expect(await eventsOf(h, 'request.decided')).toHaveLength(1);
  });
});

describe('a make-up shift decision', () => {
  it('creates the extra shift, which the engine keeps; a reversal removes it and a new approval makes it again', async () => {
    const asked = await askMus('2026-03-21', 600, 840);
    const approved = await decide(h, MANAGER, 'manager', asked.body.id, { status: 'approved' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const id = approved.body.effect.makeup.attendance_id;
    expect(id).toEqual(expect.any(Number));
    expect((await requestRow(h, asked.body.id)).makeupAttendanceId).toBe(id);
    expect(await attendanceRow(h, id)).toMatchObject({
      contractId: w.contracts.c1.id,
      vaId: w.people.ana.id,
      clientId: w.people.mina.id,
      scheduleId: null,
      date: '2026-03-21',
      timezone: 'Asia/Manila',
      status: 'upcoming',
      scheduledStartAt: new Date('2026-03-21T02:00:00Z'),
      scheduledEndAt: new Date('2026-03-21T06:00:00Z'),
    });
    // The VA sees it among their shifts.
    const mine = await call(h, ANA, 'GET', 'va-access/attendances?start_date=2026-03-21&end_date=2026-03-21');
    expect(mine.body.data.map((s: { id: number }) => s.id)).toContain(id);

    // The daily window job and a contract's rebuild keep it: no schedule made it, none would make it again.
    await buildWindow(h, w.contracts.c1.id);
    await extendWindow(h.deps, h.clock.now());
    expect(await attendanceRow(h, id)).toBeDefined();

    const reversed = await decide(h, ADMIN, 'admin', asked.body.id, {
      status: 'rejected',
      note: 'Not needed',
    });
    expect(reversed.status).toBe(200);
    expect(await attendanceRow(h, id)).toBeUndefined();
    expect(reversed.body.effect.makeup.attendance_id).toBeNull();

    const again = await decide(h, ADMIN, 'admin', asked.body.id, {
      status: 'approved',
      note: 'Needed after all',
    });
    expect(again.body.effect.makeup.attendance_id).toEqual(expect.any(Number));
    expect(again.body.effect.makeup.attendance_id).not.toBe(id);
  });

  it('cannot be undone once started: the reversal and the admin’s delete are refused and nothing changes', async () => {
    const asked = await askMus('2026-03-21', 600, 840);
    const approved = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' });
    const id = approved.body.effect.makeup.attendance_id;
    await h.db
      .update(attendances)
      .set({ status: 'ongoing', startedAt: new Date('2026-03-21T02:00:00Z') })
      .where(eq(attendances.id, id));
    const reversal = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'rejected', note: 'Oops' });
    expect(reversal.status).toBe(422);
    expect(codesOf(reversal.body, 'status')).toEqual(['requests.mus_past']);
    expect((await call(h, ADMIN, 'DELETE', `admin-access/user-requests/${asked.body.id}`)).status).toBe(422);
    expect((await requestRow(h, asked.body.id)).status).toBe('approved');
    expect((await attendanceRow(h, id)).status).toBe('ongoing');
  });

  it('is checked again at approval: a shift built since in its time, or a start now past, refuse it', async () => {
    const asked = await askMus('2026-03-21', 600, 840);
    await dayShift(h, w.contracts.c2, '2026-03-21', { vaId: w.people.ana.id });
    const clash = await decide(h, ADMIN, 'admin', asked.body.id, { status: 'approved' });
    expect(codesOf(clash.body, 'mus')).toEqual(['requests.mus_clash']);

    const later = await askMus('2026-03-28', 600, 840);
    h.clock.set('2026-03-28T03:00:00Z');
    const past = await decide(h, ADMIN, 'admin', later.body.id, { status: 'approved' });
    expect(codesOf(past.body, 'mus')).toEqual(['requests.mus_past']);
    expect((await requestRow(h, later.body.id)).makeupAttendanceId).toBeNull();
  });
});
