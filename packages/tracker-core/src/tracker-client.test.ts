import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryOutboxStore } from './outbox';
import { attendance, counterUuid, FakeEvents, FakeServer, testClock } from './test-helpers';
import { TrackerClient } from './tracker-client';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

async function setup() {
  const server = new FakeServer();
  server.shift = attendance({ id: 5 });
  const store = new MemoryOutboxStore();
  const events = new FakeEvents();
  const forced = vi.fn();
  const client = new TrackerClient({
    transport: server,
    store,
    clock: testClock(),
    uuid: counterUuid(),
    source: 'web',
    events,
    random: () => 1,
    replayBaseDelayMs: 1000,
    onForcedLogout: forced,
  });
  await client.start();
  return { server, store, events, client, forced };
}

describe('TrackerClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('clocks in, pings every minute with the input counted, clocks out with the last seconds', async () => {
    const { server, client } = await setup();
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
    await client.clockIn();
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    client.record('keyboard');
    await vi.advanceTimersByTimeAsync(60_000);
    client.record('mouse');
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.advanceTimersByTimeAsync(30_000);
    await client.clockOut();
    await client.flush();
    const pings = [...server.received.values()];
    expect(pings.map((p) => [p.at, p.keyboard, p.mouse])).toEqual([
      ['2026-03-02T09:01:00.000Z', 1, 0],
      ['2026-03-02T09:02:00.000Z', 0, 1],
      ['2026-03-02T09:02:30.000Z', 0, 0],
    ]);
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
    expect(client.getSnapshot().backlog).toBe(0);
    expect(client.getSnapshot().lastSyncAt).not.toBeNull();
    // No more pings once clocked out.
    await vi.advanceTimersByTimeAsync(300_000);
    expect(server.received.size).toBe(3);
  });

  it('offline: pings wait in the outbox, then replay in order and count once', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    server.down = true;
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(client.getSnapshot().backlog).toBe(10);
    expect(client.getSnapshot().replay).toBe('waiting');
    server.down = false;
    await client.retryNow();
    expect(client.getSnapshot().backlog).toBe(0);
    const ats = [...server.received.values()].map((p) => p.at);
    expect(ats).toEqual([...ats].sort());
    expect(ats).toHaveLength(10);
    expect(client.getSnapshot().shift.attendance?.worked_seconds).toBe(600);
  });

  it('a forced logout stops tracking at once and says so', async () => {
    const { server, client, events, forced } = await setup();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.received.size).toBe(1);
    client.record('keyboard');
    server.shift = { ...server.shift, status: 'completed', end_reason: 'forced_logout' };
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    expect(client.getSnapshot().shift.status).toBe('forced_out');
    expect(forced).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.received.size).toBe(1);
    expect(client.getSnapshot().shift.status).toBe('forced_out');
  });

  it('is forced out when the shift-ended message comes before the logout (the server order)', async () => {
    const { server, client, events, forced } = await setup();
    await client.clockIn();
    server.shift = { ...server.shift, status: 'completed', end_reason: 'forced_logout' };
    events.emit({ type: 'attendance.changed', data: { attendance_id: 5, va_id: 7, status: 'completed' } });
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
    await vi.advanceTimersByTimeAsync(0); // the refresh that message started
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    expect(client.getSnapshot().shift.status).toBe('forced_out');
    expect(forced).toHaveBeenCalledTimes(1);
  });

  it('ignores a logout of another attendance', async () => {
    const { client, events, forced } = await setup();
    await client.clockIn();
    events.emit({ type: 'attendance.logout', data: { attendance_id: 77 } });
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    expect(forced).not.toHaveBeenCalled();
  });

  it('goes idle when a ping reports idle beyond the contract timeout, and back on input', async () => {
    const { client } = await setup();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(client.getSnapshot().shift.status).toBe('idle');
    client.record('mouse');
    expect(client.getSnapshot().shift.status).toBe('on_shift');
  });

  it('picks up a shift started elsewhere from attendance.changed', async () => {
    const { server, client, events } = await setup();
    server.shift = { ...server.shift, status: 'ongoing', started_at: new Date().toISOString() };
    events.emit({ type: 'attendance.changed', data: { attendance_id: 5, va_id: 7, status: 'ongoing' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getSnapshot().shift.status).toBe('on_shift');
  });
});

describe('TrackerClient with a system idle detector', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('reports idle from the detector, turns idle past the timeout, and active again at once', async () => {
    const { server, client } = await setup();
    client.setSystemIdle(null); // the detector works: page input no longer decides idle
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect([...server.received.values()].map((p) => p.idle_seconds)).toEqual([0, 0, 0]);
    client.setSystemIdle(Date.now() - 60_000);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(client.getSnapshot().shift.status).toBe('on_shift'); // 4 min idle < 5 min timeout
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.getSnapshot().shift.status).toBe('idle');
    expect([...server.received.values()].at(-1)?.idle_seconds).toBe(300);
    client.setSystemIdle(null);
    expect(client.getSnapshot().shift.status).toBe('on_shift');
  });
});
