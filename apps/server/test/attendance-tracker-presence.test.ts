import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { describe, expect, it } from 'vitest';
import { ANA_SHIFT, attendanceRow, callAs, ping, pingSeries, useTrackerWorld } from './attendance-fixtures';
import { listen, realtimeOf, TestSocket } from './realtime-helpers';

// What ping ingest tells supervisors: presence (online, idle) and a shift's first ping, logged and pushed to those
// who see the VA only. Ana clocks in at 01:00 UTC to her 01:00–09:00 shift (09:00–17:00 Manila).
const { start: START } = ANA_SHIFT;

const { world, send, onShift: anaOnShift } = useTrackerWorld();

describe('presence', () => {
  let sentinel = 5000;
  async function socketsOf(emails: string[]) {
    const url = await listen(world.h.app);
    const out: Record<string, TestSocket> = {};
    for (const email of emails) {
      const token = (await world.h.login(email)).access_token;
      out[email] = (await TestSocket.signedIn(url, token)).socket;
    }
    return out;
  }
  /** The messages of a type (presence ones by default) each socket got before a sentinel published now. */
  async function presenceSeen(
    sockets: Record<string, TestSocket>,
    userIds: number[],
    type: ServerMessage['type'] = 'presence.changed',
  ) {
    const id = ++sentinel;
    await realtimeOf(world.h.app).publish(
      { type: 'notification', data: { id, type: 'test', title: 't' } },
      { userIds },
    );
    const out: Record<string, unknown[]> = {};
    for (const [email, socket] of Object.entries(sockets)) {
      const before = await socket.before(id);
      out[email] = before.filter((m: ServerMessage) => m.type === type).map((m) => m.data);
    }
    return out;
  }

  it("a shift's first ping is pushed once, as attendance.changed, to those who see the VA only", async () => {
    const a = await anaOnShift();
    const emails = ['admin@home.test', 'mina@home.test', 'theo@home.test'];
    const sockets = await socketsOf(emails);
    const userIds = [world.w.people.admin, world.w.people.mina, world.w.people.theo].map((p) => p.id);
    try {
      // The clock-in's own message came before the sockets opened: what follows is the pings'.
      world.h.clock.set('2026-03-10T01:01:00Z');
      const first = ping('2026-03-10T01:01:00Z');
      await send(a.id, [first]);
      world.h.clock.set('2026-03-10T01:02:00Z');
      await send(a.id, [ping('2026-03-10T01:02:00Z')]);
      await send(a.id, [first]); // the first ping again (a duplicate), and an older one: no message
      await send(a.id, [ping('2026-03-10T01:00:30Z')]);
      const seen = await presenceSeen(sockets, userIds, 'attendance.changed');
      const expected = [{ attendance_id: a.id, va_id: world.w.people.ana.id, status: 'ongoing' }];
      expect(seen['admin@home.test']).toEqual(expected);
      expect(seen['mina@home.test']).toEqual(expected);
      expect(seen['theo@home.test']).toEqual([]);
    } finally {
      for (const s of Object.values(sockets)) s.close();
    }
  });

  it('idle start and end: logged, and pushed once each to those who see the VA only', async () => {
    const a = await anaOnShift();
    const emails = [
      'admin@home.test',
      'manager@home.test',
      'mina@home.test',
      'theo@home.test',
      'ben@home.test',
    ];
    const sockets = await socketsOf(emails);
    const userIds = [
      world.w.people.admin,
      world.w.people.manager,
      world.w.people.mina,
      world.w.people.theo,
      world.w.people.ben,
    ].map((p) => p.id);
    const va = world.w.people.ana.id;
    try {
      world.h.clock.set('2026-03-10T01:03:00Z');
      await send(a.id, pingSeries(START, 3));
      await send(a.id, [ping('2026-03-10T01:03:00Z')]); // a duplicate minute: no change, no message
      world.h.clock.set('2026-03-10T01:04:00Z');
      await send(a.id, [ping('2026-03-10T01:04:00Z', { idle_seconds: 301 })]);
      world.h.clock.set('2026-03-10T01:05:00Z');
      await send(a.id, [ping('2026-03-10T01:05:00Z', { idle_seconds: 400 })]); // still idle: nothing new
      world.h.clock.set('2026-03-10T01:06:00Z');
      await send(a.id, [ping('2026-03-10T01:06:00Z', { idle_seconds: 2 })]);
      const seen = await presenceSeen(sockets, userIds);
      // Online since the clock-in (issue 23: pushed by the clock-in itself), so the first pings change nothing.
      const expected = [
        { va_id: va, online: true, idle: true },
        { va_id: va, online: true, idle: false },
      ];
      expect(seen['admin@home.test']).toEqual(expected);
      expect(seen['manager@home.test']).toEqual(expected);
      expect(seen['mina@home.test']).toEqual(expected);
      expect(seen['theo@home.test']).toEqual([]);
      expect(seen['ben@home.test']).toEqual([]);
    } finally {
      for (const s of Object.values(sockets)) s.close();
    }
    const logs = await callAs(
      world.h,
      'admin@home.test',
      'admin',
      'GET',
      `attendance-logs?attendance_id=${a.id}&per_page=100`,
    );
    const types = logs.body.data.map((l: { type: string; at: string }) => [l.type, l.at]).reverse();
    expect(types).toEqual([
      ['clock_in', '2026-03-10T01:00:00.000Z'],
      ['idle_start', '2026-03-10T01:04:00.000Z'],
      ['idle_end', '2026-03-10T01:06:00.000Z'],
    ]);
    expect((await attendanceRow(world.h, a.id)).idle).toBe(false);
  });
});
