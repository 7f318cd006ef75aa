import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { autoCloseSweep, presenceSweep } from '../src/modules/attendance/tracker/sweeps';
import { domainEvents } from '../src/platform/events/events.table';
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

// The crons' work, called by hand: presence going offline, and shifts left open closing by themselves.
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';

let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const send = (email: string, attendance_id: number, pings: unknown[]) =>
  callAs(h, email, 'va', 'POST', 'attendance/pings', { attendance_id, pings });
const clockIn = async (email: string, attendance_id: number) => {
  const res = await callAs(h, email, 'va', 'POST', 'attendance/clock-in', { attendance_id });
  expect(res.status).toBe(200);
};
const types = async (id: number) => (await logsOf(h, id)).map((l) => [l.type, l.at.toISOString()]);

describe('presence sweep', () => {
  it('turns a silent VA offline once, 2 minutes after the last ping; a new ping brings them back', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set(START);
    await clockIn('ana@home.test', a.id);
    h.clock.set('2026-03-10T01:03:00Z');
    await send('ana@home.test', a.id, [
      ...pingSeries(START, 2),
      ping('2026-03-10T01:03:00Z', { idle_seconds: 900 }),
    ]);
    expect(await attendanceRow(h, a.id)).toMatchObject({ online: true, idle: true });
    const url = await listen(h.app);
    const { socket } = await TestSocket.signedIn(url, (await h.login('admin@home.test')).access_token);
    try {
      h.clock.set('2026-03-10T01:05:00Z');
      expect(await presenceSweep(h.deps)).toBe(0);
      h.clock.set('2026-03-10T01:05:01Z');
      expect(await presenceSweep(h.deps)).toBe(1);
      expect(await presenceSweep(h.deps)).toBe(0);
      expect((await socket.next('presence.changed')).data).toEqual({
        va_id: w.people.ana.id,
        online: false,
        idle: false,
      });
      const row = await attendanceRow(h, a.id);
      expect(row).toMatchObject({ online: false, status: 'ongoing' });
      const online = await callAs(
        h,
        'admin@home.test',
        'admin',
        'GET',
        'attendance/list-online?state=offline',
      );
      expect(online.body.data.map((r: { va: { id: number } }) => r.va.id)).toEqual([w.people.ana.id]);

      h.clock.set('2026-03-10T01:20:00Z');
      await send('ana@home.test', a.id, [ping('2026-03-10T01:20:00Z')]);
      expect((await socket.next('presence.changed')).data).toEqual({
        va_id: w.people.ana.id,
        online: true,
        idle: false,
      });
    } finally {
      socket.close();
    }
    expect(await types(a.id)).toEqual([
      ['clock_in', '2026-03-10T01:00:00.000Z'],
      ['idle_start', '2026-03-10T01:03:00.000Z'],
      ['offline', '2026-03-10T01:05:00.000Z'],
      ['online', '2026-03-10T01:20:00.000Z'],
      ['idle_end', '2026-03-10T01:20:00.000Z'],
    ]);
  });
});

describe('auto-close', () => {
  it('ends a shift 4 h after its end with no ping, at its last ping (or its clock-in)', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    const b = await shift(h, w.contracts.c2, START, END);
    const g = await shift(h, w.contracts.c9, START, END);
    h.clock.set(START);
    await clockIn('ana@home.test', a.id);
    await clockIn('ben@home.test', b.id);
    await clockIn('va@else.test', g.id);
    h.clock.set('2026-03-10T05:00:00Z');
    await send('ana@home.test', a.id, pingSeries('2026-03-10T04:55:00Z', 5));
    // Gus works past the scheduled end: his shift stays open 4 hours after his last ping.
    h.clock.set('2026-03-10T10:00:00Z');
    await send('va@else.test', g.id, pingSeries('2026-03-10T09:55:00Z', 5));

    h.clock.set('2026-03-10T12:59:59Z');
    expect(await autoCloseSweep(h.deps)).toBe(0);
    h.clock.set('2026-03-10T13:00:00Z');
    expect(await autoCloseSweep(h.deps)).toBe(2);
    expect(await attendanceRow(h, a.id)).toMatchObject({
      status: 'completed',
      endReason: 'auto_close',
      endedAt: new Date('2026-03-10T05:00:00Z'),
      workedSeconds: 300,
      online: false,
    });
    expect(await attendanceRow(h, b.id)).toMatchObject({
      status: 'completed',
      endReason: 'auto_close',
      endedAt: new Date(START),
      workedSeconds: 0,
    });
    expect((await attendanceRow(h, g.id)).status).toBe('ongoing');
    const [log] = (await logsOf(h, a.id)).filter((l) => l.type === 'auto_close');
    expect(log).toMatchObject({ actorId: null, at: new Date('2026-03-10T13:00:00Z') });
    const ended = await h.db.select().from(domainEvents).where(eq(domainEvents.type, 'attendance.ended'));
    expect(ended.map((e) => e.payload.reason)).toEqual(['auto_close', 'auto_close']);

    h.clock.set('2026-03-10T14:00:00Z');
    expect(await autoCloseSweep(h.deps)).toBe(1);
    expect(await attendanceRow(h, g.id)).toMatchObject({
      endReason: 'auto_close',
      endedAt: new Date('2026-03-10T10:00:00Z'),
    });
    expect(await autoCloseSweep(h.deps)).toBe(0);
  });
});
