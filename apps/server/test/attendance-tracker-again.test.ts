import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { presenceSweep } from '../src/modules/attendance/tracker/sweeps';
import { users } from '../src/modules/people/users.table';
import {
  attendanceRow,
  callAs,
  logsOf,
  ping,
  pingSeries,
  seedTrackerWorld,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { listen, TestSocket } from './realtime-helpers';

// Issue 23: clocking in again to the shift one clocked out of while it lasts (its time goes on), clock-in
// refusals worded in the VA's clock, and a clock-in that makes the VA online at once. Ana's shift: Tuesday
// 2026-03-10, 09:00–17:00 in Manila = 01:00–09:00 UTC; clock-in opens 15 minutes early.
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';

let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const ana = (method: 'GET' | 'POST', path: string, payload?: object) =>
  callAs(h, 'ana@home.test', 'va', method, path, payload);
const clockIn = (attendance_id?: number) =>
  ana('POST', 'attendance/clock-in', attendance_id ? { attendance_id } : {});
const clockOut = (attendance_id: number) => ana('POST', 'attendance/clock-out', { attendance_id });
const send = (attendance_id: number, pings: unknown[]) =>
  ana('POST', 'attendance/pings', { attendance_id, pings });

describe('clock in again to the same shift', () => {
  it('while the shift lasts: the same attendance goes on, its time the sum, lateness of the first clock-in', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    // The next day's shift must not take its place on the card.
    await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    h.clock.set('2026-03-10T01:20:00Z');
    expect((await clockIn()).body).toMatchObject({ id: a.id, late_minutes: 15 });
    h.clock.set('2026-03-10T01:50:00Z');
    expect((await send(a.id, pingSeries('2026-03-10T01:20:00Z', 30))).body.attendance.worked_seconds).toBe(
      1800,
    );
    expect((await clockOut(a.id)).body).toMatchObject({ status: 'completed', worked_seconds: 1800 });

    // The card keeps the shift, open for a clock-in again.
    h.clock.set('2026-03-10T03:00:00Z');
    const card = await ana('GET', 'attendance/current/user');
    expect(card.body).toMatchObject({
      state: 'upcoming',
      attendance: { id: a.id, status: 'completed', worked_seconds: 1800 },
      can_clock_in: true,
    });

    const again = await clockIn(a.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: a.id,
      status: 'ongoing',
      started_at: '2026-03-10T01:20:00.000Z',
      ended_at: null,
      end_reason: null,
      late_minutes: 15,
      worked_seconds: 1800,
      // 01:50 to 03:00 clocked out.
      break_seconds: 70 * 60,
    });
    expect((await ana('GET', 'attendance/current/user')).body).toMatchObject({
      state: 'ongoing',
      attendance: { id: a.id },
    });

    // The first ping after the clock-in again counts from that clock-in, never the break; a ping inside the
    // break is refused.
    h.clock.set('2026-03-10T03:10:00Z');
    const res = await send(a.id, [
      ping('2026-03-10T02:30:00Z'),
      ping('2026-03-10T03:00:20Z'),
      ...pingSeries('2026-03-10T03:00:20Z', 9),
    ]);
    expect(res.body.accepted).toBe(10);
    expect(res.body.rejected).toEqual([
      expect.objectContaining({ index: 0, message: 'This ping lies outside the shift' }),
    ]);
    // 30 min before, 20 s + 9 min after.
    expect(res.body.attendance.worked_seconds).toBe(1800 + 20 + 540);

    h.clock.set('2026-03-10T03:10:00Z');
    const out = await clockOut(a.id);
    expect(out.body).toMatchObject({ status: 'completed', worked_seconds: 2360, late_minutes: 15 });

    // The log records each clock-in; the timesheet follows the attendance.
    expect((await logsOf(h, a.id)).map((l) => [l.type, l.at.toISOString()])).toEqual([
      ['clock_in', '2026-03-10T01:20:00.000Z'],
      ['clock_out', '2026-03-10T01:50:00.000Z'],
      ['clock_in', '2026-03-10T03:00:00.000Z'],
      ['clock_out', '2026-03-10T03:10:00.000Z'],
    ]);
    const sheets = await ana('GET', 'timesheets');
    expect(sheets.body.data).toEqual([
      expect.objectContaining({ attendance_id: a.id, worked_minutes: Math.floor(2360 / 60) }),
    ]);
  });

  it('not once the shift has ended, nor after a forced logout', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    const b = await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    h.clock.set(START);
    await clockIn(a.id);
    h.clock.set('2026-03-10T02:00:00Z');
    await clockOut(a.id);
    h.clock.set(END);
    expect((await clockIn(a.id)).body.message).toBe('This attendance has already ended');
    // The card moves on to the next shift once this one is over.
    expect((await ana('GET', 'attendance/current/user')).body.attendance.id).toBe(b.id);

    h.clock.set('2026-03-11T01:00:00Z');
    await clockIn(b.id);
    const forced = await callAs(h, 'admin@home.test', 'admin', 'POST', 'attendance/logout', {
      user_id: w.people.ana.id,
      attendance_id: b.id,
    });
    expect(forced.status).toBe(200);
    expect((await clockIn(b.id)).body.message).toBe('This attendance has already ended');
  });
});

describe('clock-in refusals in the VA’s clock', () => {
  it('says when clock-in opens in the VA’s zone and 12/24-hour setting, never an ISO stamp', async () => {
    await shift(h, w.contracts.c1, START, END);
    h.clock.set('2026-03-10T00:00:00Z');
    const early = await clockIn();
    expect(early.status).toBe(422);
    // 00:45 UTC is 8:45 AM on Tuesday in Manila.
    expect(early.body.message).toBe('Clock-in opens at 8:45 AM on Tue, Mar 10');
    expect(early.body.codes.attendance_id[0]).toEqual({
      code: 'attendance.clock_in_opens',
      params: { at: '8:45 AM on Tue, Mar 10' },
    });

    await h.db
      .update(users)
      .set({ timeFormat: '24h', timezone: 'America/New_York' })
      .where(eq(users.id, w.people.ana.id));
    h.clock.set('2026-03-10T00:01:00Z');
    const other = await callAs(h, 'ana@home.test', 'va', 'POST', 'attendance/clock-in', {});
    // 00:45 UTC is 20:45 on Monday in New York (EDT).
    expect(other.body.message).toBe('Clock-in opens at 20:45 on Mon, Mar 9');
  });
});

describe('presence at clock-in', () => {
  it('a clock-in makes the VA online at once and pushes presence.changed', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    const url = await listen(h.app);
    const { socket } = await TestSocket.signedIn(url, (await h.login('admin@home.test')).access_token);
    try {
      h.clock.set('2026-03-10T01:00:00Z');
      expect((await clockIn(a.id)).body.online).toBe(true);
      expect((await socket.next('presence.changed')).data).toEqual({
        va_id: w.people.ana.id,
        online: true,
        idle: false,
      });
      // Before any ping, the online list shows Ana online, not offline.
      h.clock.set('2026-03-10T01:00:30Z');
      const list = await callAs(h, 'admin@home.test', 'admin', 'GET', 'attendance/list-online');
      expect(list.body.data).toEqual([
        expect.objectContaining({ va: expect.objectContaining({ id: w.people.ana.id }), online: true }),
      ]);
      const offline = await callAs(
        h,
        'admin@home.test',
        'admin',
        'GET',
        'attendance/list-online?state=offline',
      );
      expect(offline.body.data).toEqual([]);
      expect(await presenceSweep(h.deps)).toBe(0);

      // A tracker that never pings goes offline two minutes after the clock-in.
      h.clock.set('2026-03-10T01:02:01Z');
      expect(await presenceSweep(h.deps)).toBe(1);
      expect((await socket.next('presence.changed')).data).toMatchObject({ online: false });
      expect((await attendanceRow(h, a.id)).online).toBe(false);
    } finally {
      socket.close();
    }
  });
});
