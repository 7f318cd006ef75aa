import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts } from '../src/modules/contracts/contracts.table';
import { domainEvents } from '../src/platform/events/events.table';
import {
  attendanceRow,
  callAs,
  contract,
  logsOf,
  seedTrackerWorld,
  setContractSettings,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { listen, TestSocket } from './realtime-helpers';

// Clock-in window, lateness, clock-out and the forced logout. Ana's shift: Tuesday 2026-03-10, 09:00–17:00 in
// Manila = 01:00–09:00 UTC; clock-in opens 15 minutes early (00:45 UTC = 08:45 Manila).
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';

let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

// One app, listening once for the file's socket tests.
let listening: string | undefined;
const wsUrl = async () => {
  listening ??= await listen(h.app);
  return listening;
};

const ana = (method: 'GET' | 'POST', path: string, payload?: object) =>
  callAs(h, 'ana@home.test', 'va', method, path, payload);
const clockIn = (attendance_id?: number) =>
  ana('POST', 'attendance/clock-in', attendance_id ? { attendance_id } : {});

describe('attendance/current/user', () => {
  it('none without shifts; the next shift with its window and settings; ongoing once clocked in', async () => {
    h.clock.set('2026-03-10T00:00:00Z');
    const none = await ana('GET', 'attendance/current/user');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ state: 'none', attendance: null, can_clock_in: false, settings: null });

    await setContractSettings(h, w.contracts.c1.id, { idleTimeoutMinutes: 7, screenshotsPerHour: 3 });
    const a = await shift(h, w.contracts.c1, START, END);
    const next = await ana('GET', 'attendance/current/user');
    expect(next.body).toMatchObject({
      state: 'upcoming',
      attendance: { id: a.id, status: 'upcoming' },
      contract: { id: w.contracts.c1.id, title: w.contracts.c1.title },
      client: { id: w.people.mina.id, name: 'Mina Test' },
      clock_in_opens_at: '2026-03-10T00:45:00.000Z',
      clock_in_closes_at: '2026-03-10T09:00:00.000Z',
      can_clock_in: false,
      server_time: '2026-03-10T00:00:00.000Z',
      settings: {
        ping_interval_seconds: 60,
        idle_timeout_minutes: 7,
        late_grace_minutes: 5,
        early_clock_in_minutes: 15,
        screenshots_enabled: true,
        screenshots_per_hour: 3,
        blur_screenshots: false,
      },
    });

    h.clock.set('2026-03-10T00:45:00Z');
    expect((await ana('GET', 'attendance/current/user')).body).toMatchObject({
      state: 'upcoming',
      can_clock_in: true,
    });
    expect((await clockIn()).status).toBe(200);
    const on = await ana('GET', 'attendance/current/user');
    expect(on.body).toMatchObject({
      state: 'ongoing',
      attendance: { id: a.id, status: 'ongoing' },
      can_clock_in: false,
    });
  });

  it("skips a paused contract's shift and what has ended", async () => {
    h.clock.set('2026-03-10T10:00:00Z');
    await shift(h, w.contracts.c1, START, END);
    const paused = await contract(h, w.people.ana.id, w.people.theo.id, 1);
    await h.db.update(contracts).set({ status: 'paused' }).where(eq(contracts.id, paused.id));
    await shift(h, paused, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    expect((await ana('GET', 'attendance/current/user')).body.state).toBe('none');
  });
});

describe('clock-in', () => {
  it('opens exactly early_clock_in_minutes before the start; a second before answers when, in the VA zone', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set('2026-03-10T00:44:59Z');
    const early = await clockIn();
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Clock-in opens at 8:45 AM on Tue, Mar 10');
    expect(early.body.codes.attendance_id[0]).toEqual({
      code: 'attendance.clock_in_opens',
      params: { at: '8:45 AM on Tue, Mar 10' },
    });
    expect((await clockIn(a.id)).status).toBe(422);

    h.clock.set('2026-03-10T00:45:00Z');
    const ok = await clockIn();
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      id: a.id,
      status: 'ongoing',
      started_at: '2026-03-10T00:45:00.000Z',
      late_minutes: 0,
    });
  });

  it('closes at the scheduled end: closed with the id, no shift without', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set(END);
    const closed = await clockIn(a.id);
    expect(closed.status).toBe(422);
    expect(closed.body.message).toBe('This shift has ended; clock-in is closed');
    const none = await clockIn();
    expect(none.status).toBe(422);
    expect(none.body.message).toBe('You have no shift to clock in to');
    h.clock.set('2026-03-10T08:59:59Z');
    expect((await clockIn(a.id)).status).toBe(200);
  });

  it('lateness is the delay beyond the grace, in whole minutes, never below zero', async () => {
    await setContractSettings(h, w.contracts.c1.id, { lateGraceMinutes: 5 });
    const a = await shift(h, w.contracts.c1, START, END);
    const b = await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    const c = await shift(h, w.contracts.c1, '2026-03-12T01:00:00Z', '2026-03-12T09:00:00Z');
    const cases: Array<[typeof a, string, number]> = [
      [a, '2026-03-10T01:05:00Z', 0],
      [b, '2026-03-11T01:12:30Z', 7],
      [c, '2026-03-12T01:06:00Z', 1],
    ];
    for (const [row, at, late] of cases) {
      h.clock.set(at);
      const res = await clockIn(row.id);
      expect(res.status).toBe(200);
      expect(res.body.late_minutes).toBe(late);
      const out = await ana('POST', 'attendance/clock-out', { attendance_id: row.id });
      expect(out.status).toBe(200);
    }
  });

  it('a second clock-in answers the same attendance; logs once, raises attendance.started once', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set('2026-03-10T01:20:00Z');
    const first = await clockIn();
    const again = await clockIn();
    const byId = await clockIn(a.id);
    expect(first.body.id).toBe(a.id);
    expect(again.body).toEqual(first.body);
    expect(byId.body).toEqual(first.body);
    expect(first.body.late_minutes).toBe(15);
    const logs = await logsOf(h, a.id);
    expect(logs.map((l) => [l.type, l.actorId])).toEqual([['clock_in', w.people.ana.id]]);
    const events = await h.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'attendance.started')));
    expect(events.map((e) => e.payload)).toEqual([
      { attendance_id: a.id, va_id: w.people.ana.id, late_minutes: 15 },
    ]);
  });

  it('a VA clocked in to one shift cannot clock in to another', async () => {
    const other = await contract(h, w.people.ana.id, w.people.theo.id, 1);
    const a = await shift(h, w.contracts.c1, START, END);
    const b = await shift(h, other, '2026-03-10T02:00:00Z', '2026-03-10T06:00:00Z');
    h.clock.set('2026-03-10T02:00:00Z');
    expect((await clockIn(a.id)).status).toBe(200);
    const second = await clockIn(b.id);
    expect(second.status).toBe(422);
    expect(second.body.message).toBe('You are already clocked in to another shift; clock out of it first');
    expect(second.body.codes.attendance_id[0].code).toBe('attendance.clocked_in_elsewhere');
    expect((await attendanceRow(h, b.id)).status).toBe('upcoming');
  });

  it("another VA's or another organization's attendance is 404; other roles 403", async () => {
    const bens = await shift(h, w.contracts.c2, START, END);
    const gus = await shift(h, w.contracts.c9, START, END);
    h.clock.set('2026-03-10T01:00:00Z');
    expect((await clockIn(bens.id)).status).toBe(404);
    expect((await clockIn(gus.id)).status).toBe(404);
    expect((await ana('POST', 'attendance/clock-out', { attendance_id: bens.id })).status).toBe(404);
    const asAdmin = await callAs(h, 'admin@home.test', 'va', 'POST', 'attendance/clock-in', {});
    expect(asAdmin.status).toBe(403);
    const asClient = await callAs(h, 'mina@home.test', 'va', 'GET', 'attendance/current/user');
    expect(asClient.status).toBe(403);
  });
});

describe('clock-out', () => {
  it('ends the shift; again is already_ended; a shift not started is not_started', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    const later = await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    h.clock.set('2026-03-10T01:00:00Z');
    await clockIn(a.id);
    h.clock.set('2026-03-10T05:00:00Z');
    const out = await ana('POST', 'attendance/clock-out', { attendance_id: a.id });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      status: 'completed',
      end_reason: 'clock_out',
      ended_at: '2026-03-10T05:00:00.000Z',
      online: false,
    });
    const again = await ana('POST', 'attendance/clock-out', { attendance_id: a.id });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This attendance has already ended');
    const early = await ana('POST', 'attendance/clock-out', { attendance_id: later.id });
    expect(early.body.message).toBe('This shift has not started');
    expect((await logsOf(h, a.id)).map((l) => l.type)).toEqual(['clock_in', 'clock_out']);
    const ended = await h.db.select().from(domainEvents).where(eq(domainEvents.type, 'attendance.ended'));
    expect(ended.map((e) => e.payload)).toEqual([
      { attendance_id: a.id, va_id: w.people.ana.id, reason: 'clock_out' },
    ]);
    // Clocking in again to a shift that is over is refused (while it lasts it is allowed: issue 23).
    h.clock.set(END);
    expect((await clockIn(a.id)).body.message).toBe('This attendance has already ended');
  });
});

describe('forced logout', () => {
  const logout = (email: string, area: string, user_id: number, attendance_id: number) =>
    callAs(h, email, area, 'POST', 'attendance/logout', { user_id, attendance_id });

  async function onShift() {
    const a = await shift(h, w.contracts.c1, START, END);
    const b = await shift(h, w.contracts.c2, START, END);
    h.clock.set('2026-03-10T01:00:00Z');
    expect((await clockIn(a.id)).status).toBe(200);
    const ben = await callAs(h, 'ben@home.test', 'va', 'POST', 'attendance/clock-in', {});
    expect(ben.status).toBe(200);
    h.clock.set('2026-03-10T03:00:00Z');
    return { a, b };
  }

  it("by an admin: ends it, logs the actor, and the VA's tracker socket is told to stop", async () => {
    const { a } = await onShift();
    const url = await wsUrl();
    const token = (await h.login('ana@home.test')).access_token;
    const { socket } = await TestSocket.signedIn(url, token, { kind: 'desktop', capture: true });
    const res = await logout('admin@home.test', 'admin', w.people.ana.id, a.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, status: 'completed', end_reason: 'forced_logout' });
    const message = await socket.next('attendance.logout');
    expect(message.data).toEqual({ attendance_id: a.id });
    socket.close();
    const logs = await logsOf(h, a.id);
    expect(logs.at(-1)).toMatchObject({ type: 'forced_logout', actorId: w.people.admin.id });
    const again = await logout('admin@home.test', 'admin', w.people.ana.id, a.id);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This attendance has already ended');
  });

  it('by a manager in scope (their client, their team); 404 outside it', async () => {
    const { a, b } = await onShift();
    const url = await wsUrl();
    const tracker = await TestSocket.signedIn(url, (await h.login('ana@home.test')).access_token, {
      kind: 'web',
      capture: false,
    });
    const viewer = await TestSocket.signedIn(url, (await h.login('mina@home.test')).access_token);
    expect((await logout('manager@home.test', 'manager', w.people.ben.id, b.id)).status).toBe(404);
    expect((await logout('nobody@home.test', 'manager', w.people.ana.id, a.id)).status).toBe(404);
    const mine = await logout('manager@home.test', 'manager', w.people.ana.id, a.id);
    expect(mine.status).toBe(200);
    expect(mine.body.end_reason).toBe('forced_logout');
    expect((await tracker.socket.next('attendance.logout')).data).toEqual({ attendance_id: a.id });
    // Those who see the VA learn the shift ended; only the VA's own sockets are told to stop.
    expect((await viewer.socket.next('attendance.changed')).data).toEqual({
      attendance_id: a.id,
      va_id: w.people.ana.id,
      status: 'completed',
    });
    expect(viewer.socket.messages.some((m) => m.type === 'attendance.logout')).toBe(false);
    tracker.socket.close();
    viewer.socket.close();
    const team = await logout('leader@home.test', 'manager', w.people.ben.id, b.id);
    expect(team.status).toBe(200);
    expect((await logsOf(h, b.id)).at(-1)).toMatchObject({
      type: 'forced_logout',
      actorId: w.people.leader.id,
    });
  });

  it('403 for clients and VAs, 404 for another organization or the wrong VA', async () => {
    const { a } = await onShift();
    expect((await logout('mina@home.test', 'admin', w.people.ana.id, a.id)).status).toBe(403);
    expect((await logout('mina@home.test', 'manager', w.people.ana.id, a.id)).status).toBe(403);
    expect((await logout('ana@home.test', 'manager', w.people.ana.id, a.id)).status).toBe(403);
    expect((await logout('admin@else.test', 'admin', w.people.ana.id, a.id)).status).toBe(404);
    expect((await logout('admin@home.test', 'admin', w.people.ben.id, a.id)).status).toBe(404);
    expect((await attendanceRow(h, a.id)).status).toBe('ongoing');
  });
});
