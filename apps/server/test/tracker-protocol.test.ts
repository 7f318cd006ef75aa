import { randomUUID } from 'node:crypto';
import type { TimerHandle, TrackerClock } from '@vahub/tracker-core/clock';
import { MemoryOutboxStore } from '@vahub/tracker-core/outbox';
import { SocketConnection, type SocketLike } from '@vahub/tracker-core/socket';
import { TrackerClient } from '@vahub/tracker-core/tracker-client';
import { fetchTransport, type TrackerTransport, TransportError } from '@vahub/tracker-core/transport';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  attendanceRow,
  callAs,
  pingCount,
  seedTrackerWorld,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';
import { listen } from './realtime-helpers';

// The tracker core against the real server on a real port: its fetch transport, its socket, its outbox.
// Ana's shift: Tuesday 2026-03-10, 09:00–17:00 Manila = 01:00–09:00 UTC.
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';

let h: Harness;
let w: TrackerWorld;
let base: string;
let wsUrl: string;

useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});
// The app listens once for the file, after the first world is up (the harness is the file's).
beforeEach(async () => {
  if (wsUrl) return;
  wsUrl = await listen(h.app);
  base = wsUrl.replace('ws://', 'http://').replace('/api/v1/ws', '');
});
// Runs before the harness closes the app (after-hooks run last registered first): fetch keeps its
// connections alive, and a server waiting for them to go idle would hold the close.
afterAll(() => {
  h?.app.server.closeAllConnections();
});

/**
 * The tracker's time is the server's test clock; its timers fire when the test moves that clock (`advance`),
 * in order, each after the work it started has settled.
 */
class ServerClock implements TrackerClock {
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  now = () => h.clock.now().getTime();
  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = ++this.seq;
    this.timers.set(id, { at: this.now() + ms, fn });
    return id;
  }
  clearTimeout(handle: TimerHandle) {
    this.timers.delete(handle as number);
  }
  async advance(ms: number, settle: () => Promise<void>) {
    const target = this.now() + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, t]) => t.at <= target)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      h.clock.set(new Date(Math.max(this.now(), due[1].at)).toISOString());
      due[1].fn();
      await settle();
    }
    h.clock.set(new Date(target).toISOString());
  }
}

/** A transport that can lose the network (nothing reaches the server) or lose answers (the server got it). */
class FlakyTransport implements TrackerTransport {
  down = false;
  loseAnswers = 0;
  sent = 0;
  constructor(private readonly inner: TrackerTransport) {}
  current() {
    return this.inner.current();
  }
  clockIn(id?: number) {
    return this.inner.clockIn(id);
  }
  clockOut(id: number) {
    return this.inner.clockOut(id);
  }
  async sendPings(id: number, pings: Parameters<TrackerTransport['sendPings']>[1]) {
    this.sent++;
    if (this.down) throw new TransportError('fetch failed');
    const result = await this.inner.sendPings(id, pings);
    if (this.loseAnswers > 0) {
      this.loseAnswers--;
      throw new TransportError('socket hang up');
    }
    return result;
  }
}

/** Every tracker a test started: stopped after it, so no timer or socket outlives the test (the app closes). */
const running: Array<() => void> = [];
afterEach(() => {
  for (const stop of running.splice(0)) stop();
});

/**
 * A tracker as the desktop agent runs it: the core with its fetch transport, memory outbox and (optionally)
 * socket. With `renew` it signs in again when its access token has expired, as a host refreshing its token
 * would; without, a stale token meets the server's 401.
 */
async function tracker(options: { withSocket?: boolean; renew?: boolean } = {}) {
  const clock = new ServerClock();
  const ttlMs = (h.config.ACCESS_TOKEN_TTL_SECONDS - 60) * 1000;
  let token = (await h.login('ana@home.test')).access_token;
  let until = clock.now() + ttlMs;
  const renewToken = async () => {
    token = (await h.login('ana@home.test')).access_token;
    until = clock.now() + ttlMs;
  };
  const getToken = async () => {
    if (options.renew !== false && clock.now() >= until) await renewToken();
    return token;
  };
  const transport = new FlakyTransport(fetchTransport({ baseUrl: base, getToken, fetch }));
  const socket = options.withSocket
    ? new SocketConnection({
        url: wsUrl,
        getToken,
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        clock,
        client: { kind: 'desktop', capture: false },
      })
    : undefined;
  const store = new MemoryOutboxStore();
  const client = new TrackerClient({
    transport,
    store,
    clock,
    uuid: randomUUID,
    source: 'desktop',
    events: socket,
    random: () => 0.5,
  });
  socket?.start();
  if (socket) await socket.whenReady();
  await client.start();
  running.push(() => {
    socket?.stop();
    client.stop();
  });
  const settle = async () => {
    await client.flush();
  };
  return {
    clock,
    transport,
    store,
    client,
    socket,
    advance: (ms: number) => clock.advance(ms, settle),
    renewToken,
  };
}

describe('tracker core against the server', () => {
  it('clocks in, pings through an outage and lost answers: nothing lost, nothing counted twice', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set('2026-03-10T01:00:00Z');
    const t = await tracker();
    expect(t.client.getSnapshot().current).toMatchObject({ state: 'upcoming', can_clock_in: true });
    await t.client.clockIn();
    expect(t.client.getSnapshot().shift).toMatchObject({ status: 'on_shift', attendance: { id: a.id } });

    // Online for 5 minutes, then 12 minutes without network, then answers lost twice, then fine.
    for (let i = 0; i < 5; i++) {
      t.client.record('keyboard');
      await t.advance(60_000);
    }
    expect(await pingCount(h, a.id)).toBe(5);
    t.transport.down = true;
    for (let i = 0; i < 12; i++) {
      t.client.record('mouse');
      await t.advance(60_000);
    }
    expect(await pingCount(h, a.id)).toBe(5);
    expect(t.client.getSnapshot().backlog).toBe(12);
    expect(t.client.getSnapshot().replay).toBe('waiting');

    // The network is back, but the first two answers get lost on the way: the server stored the batch, the
    // tracker resends it, and the repeats come back as duplicates.
    t.transport.down = false;
    t.transport.loseAnswers = 2;
    await t.client.retryNow();
    expect(await pingCount(h, a.id)).toBe(17);
    expect(t.client.getSnapshot().backlog).toBe(12);
    await t.client.retryNow();
    await t.client.retryNow();
    expect(t.client.getSnapshot().backlog).toBe(0);
    for (let i = 0; i < 3; i++) await t.advance(60_000);
    expect(await pingCount(h, a.id)).toBe(20);

    // 20 minutes of one-a-minute pings from the clock-in: 1,200 worked seconds exactly.
    const row = await attendanceRow(h, a.id);
    expect(row.workedSeconds).toBe(20 * 60);
    expect(t.client.getSnapshot().shift.attendance?.worked_seconds).toBe(20 * 60);

    // Clock-out sends the last half minute first.
    await t.advance(30_000);
    await t.client.clockOut();
    await t.client.flush();
    const ended = await attendanceRow(h, a.id);
    expect(ended.status).toBe('completed');
    expect(ended.workedSeconds).toBe(20 * 60 + 30);
    expect(await pingCount(h, a.id)).toBe(21);
    expect(t.client.getSnapshot().shift.status).toBe('clocked_out');
  });

  it('pauses on 401 and goes on with a new token', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set('2026-03-10T01:00:00Z');
    const t = await tracker({ renew: false });
    await t.client.clockIn();
    // Past the access token's lifetime: the next batch is refused with 401 and waits.
    await t.advance(h.config.ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000);
    expect(t.client.getSnapshot().replay).toBe('paused');
    const before = await pingCount(h, a.id);
    await t.renewToken();
    await t.client.retryNow();
    await t.client.flush();
    expect(t.client.getSnapshot().backlog).toBe(0);
    expect(await pingCount(h, a.id)).toBeGreaterThan(before);
  });

  it('a forced logout reaches the tracker over the socket and stops it at once', async () => {
    const a = await shift(h, w.contracts.c1, START, END);
    h.clock.set('2026-03-10T01:00:00Z');
    const t = await tracker({ withSocket: true });
    await t.client.clockIn();
    await t.advance(120_000);
    expect(await pingCount(h, a.id)).toBe(2);

    const stopped = new Promise<void>((resolve) => {
      const off = t.client.subscribe(() => {
        if (t.client.getSnapshot().shift.status === 'forced_out') {
          off();
          resolve();
        }
      });
    });
    const res = await callAs(h, 'admin@home.test', 'admin', 'POST', 'attendance/logout', {
      user_id: w.people.ana.id,
      attendance_id: a.id,
    });
    expect(res.status).toBe(200);
    await stopped;
    const sentBefore = t.transport.sent;
    await t.advance(10 * 60_000);
    expect(t.transport.sent).toBe(sentBefore);
    expect(await pingCount(h, a.id)).toBe(2);
    expect((await attendanceRow(h, a.id)).endReason).toBe('forced_logout');
    t.socket?.stop();
    t.client.stop();
  });
});
