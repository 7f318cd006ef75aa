import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryTaskStore, type TaskStore } from './current-task';
import { MemoryOutboxStore, type OutboxStore } from './outbox';
import { attendance, counterUuid, currentShift, FakeEvents, FakeServer, testClock } from './test-helpers';
import { TrackerClient, type TrackerClientOptions, type TrackerSnapshot } from './tracker-client';
import { TransportError } from './transport';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MIN = 60_000;

function setup(options: Partial<TrackerClientOptions> = {}) {
  const server = new FakeServer();
  server.shift = attendance({ id: 5 });
  const events = new FakeEvents();
  const forced = vi.fn();
  const client = new TrackerClient({
    transport: server,
    store: new MemoryOutboxStore(),
    clock: testClock(),
    uuid: counterUuid(),
    source: 'desktop',
    events,
    random: () => 1,
    replayBaseDelayMs: 1000,
    onForcedLogout: forced,
    ...options,
  });
  const current = vi.spyOn(server, 'current');
  return { server, events, client, forced, current };
}
/** A task store whose every save fails. */
const fullDisk = (): TaskStore => ({
  load: async () => null,
  save: async () => {
    throw new Error('disk full');
  },
});
const times = (server: FakeServer) => [...server.received.values()].map((p) => p.at.slice(11, 19));
const changed = (id: number, status: string): ServerMessage => ({
  type: 'attendance.changed',
  data: { attendance_id: id, va_id: 7, status },
});

describe('TrackerClient at its edges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('before start it knows nothing and records nothing', () => {
    const { client } = setup();
    expect(client.getSnapshot()).toEqual({
      shift: { status: 'clocked_out', attendance: null },
      current: null,
      backlog: 0,
      replay: 'idle',
      lastSyncAt: null,
      lastError: null,
      task: null,
      standingBy: false,
    });
  });

  it('listeners hear of real changes only, each with a new snapshot, until they unsubscribe', async () => {
    const { client } = setup();
    const seen: TrackerSnapshot[] = [];
    const off = client.subscribe(() => seen.push(client.getSnapshot()));
    await client.start();
    await client.clockIn();
    client.record('keyboard');
    await vi.advanceTimersByTimeAsync(3 * MIN);
    await client.flush();
    expect(seen.length).toBeGreaterThan(3);
    // A field changed (the server's answers are new objects even when equal: identity is what counts).
    const keys = Object.keys(seen[0]) as (keyof TrackerSnapshot)[];
    seen.forEach((snapshot, i) => {
      if (i > 0) expect(keys.some((key) => snapshot[key] !== seen[i - 1][key])).toBe(true);
    });
    off();
    const heard = seen.length;
    await vi.advanceTimersByTimeAsync(3 * MIN);
    expect(seen).toHaveLength(heard);
  });

  it("honours the contract's ping interval when the host does not override it", async () => {
    const { server, client } = setup();
    server.current = async () => {
      const c = await FakeServer.prototype.current.call(server);
      return { ...c, settings: c.settings && { ...c.settings, ping_interval_seconds: 30 } };
    };
    await client.start();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(MIN);
    await client.flush();
    expect(times(server)).toEqual(['09:00:30', '09:01:00']);
  });

  it('flush() waits until the last seconds of a clock-out reached the server', async () => {
    const { server, client } = setup();
    await client.start();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(90_000);
    await client.clockOut();
    await client.flush();
    expect(times(server)).toEqual(['09:01:00', '09:01:30']);
    expect(client.getSnapshot().backlog).toBe(0);
  });

  it('clocking out while not on shift says so and changes nothing', async () => {
    const { client } = setup();
    await client.start();
    await expect(client.clockOut()).rejects.toThrow('Not on shift');
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
  });

  it('a clock-out that fails goes on tracking, with pings from then on', async () => {
    const { server, client } = setup();
    await client.start();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(30_000);
    server.clockOut = async () => {
      throw new TransportError('Failed to fetch');
    };
    await expect(client.clockOut()).rejects.toThrow('Failed to fetch');
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    await vi.advanceTimersByTimeAsync(MIN);
    await client.flush();
    expect(times(server)).toEqual(['09:00:30', '09:01:30']);
  });

  it('stop() ends pings and messages; start() again replays what waited and follows the server again', async () => {
    const { server, client, events } = setup();
    await client.start();
    await client.clockIn();
    server.down = true;
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(client.getSnapshot().backlog).toBe(2);
    client.stop();
    server.down = false;
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(server.received.size).toBe(0);
    expect(client.getSnapshot().shift.status).toBe('on_shift');

    await client.start();
    await client.flush();
    // The outbox went out at the restart, without waiting for the network to be announced back.
    expect(times(server)).toEqual(['09:01:00', '09:02:00']);
    await vi.advanceTimersByTimeAsync(MIN);
    await client.flush();
    expect(times(server)).toHaveLength(3);
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    expect(client.getSnapshot().shift.status).toBe('forced_out');
  });

  it('a second logout message for the same shift says "forced out" once', async () => {
    const { client, events, forced } = setup();
    await client.start();
    await client.clockIn();
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    expect(forced).toHaveBeenCalledTimes(1);
    expect(forced).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('attendance.changed: reads the shift again when another shift changed or this one ended, not when it is still ongoing', async () => {
    const { server, client, events, current } = setup();
    await client.start();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(0);
    current.mockClear();
    events.emit(changed(5, 'ongoing'));
    await vi.advanceTimersByTimeAsync(0);
    expect(current).not.toHaveBeenCalled();
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    events.emit(changed(6, 'ongoing'));
    await vi.advanceTimersByTimeAsync(0);
    expect(current).toHaveBeenCalledTimes(1);
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    server.shift = { ...server.shift, status: 'completed' };
    events.emit(changed(5, 'completed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(current).toHaveBeenCalledTimes(2);
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
  });

  it('an idle detector that reports a new idle moment while idle keeps the shift idle; "active" ends it', async () => {
    const { client } = setup();
    await client.start();
    client.setSystemIdle(T0);
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(client.getSnapshot().shift.status).toBe('idle');
    client.setSystemIdle(T0 + MIN);
    expect(client.getSnapshot().shift.status).toBe('idle');
    expect(client.idleSeconds()).toBe(4 * 60);
    client.setSystemIdle(null);
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    expect(client.idleSeconds()).toBe(0);
  });

  it('reports idle seconds of 0 when not tracking', async () => {
    const { client } = setup();
    await client.start();
    await vi.advanceTimersByTimeAsync(10 * MIN);
    expect(client.idleSeconds()).toBe(0);
  });

  it('says why when the outbox cannot be written', async () => {
    const store: OutboxStore = {
      append: async () => {
        throw new Error('QuotaExceededError');
      },
      peek: async () => [],
      remove: async () => {},
      size: async () => 0,
    };
    const { client } = setup({ store });
    await client.start();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(MIN);
    expect(client.getSnapshot().lastError).toBe('QuotaExceededError');
  });
});

describe('TrackerClient: the task at its edges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('says why when the task cannot be stored or told to the server', async () => {
    const taskStore = fullDisk();
    const { client } = setup({ taskStore });
    await client.start();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getSnapshot().lastError).toBe('disk full');

    const other = setup({ taskStore: new MemoryTaskStore() });
    await other.client.start();
    await other.client.clockIn();
    other.server.down = true;
    other.client.setTask({ kind: 'task', id: 14 });
    await vi.advanceTimersByTimeAsync(0);
    expect(other.client.getSnapshot().lastError).toBe('Failed to fetch');
  });

  it('tells the server a choice once: pings, idle and fresh figures do not send it again', async () => {
    const { server, client } = setup({ taskStore: new MemoryTaskStore() });
    await client.start();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(6 * MIN);
    client.record('mouse');
    await vi.advanceTimersByTimeAsync(2 * MIN);
    await client.flush();
    expect(server.taskCalls).toEqual([{ attendanceId: 5, task: { kind: 'task', id: 12 } }]);
  });

  it("a server that says nothing of the task (no current_task) leaves this tracker's choice alone", async () => {
    const taskStore = new MemoryTaskStore();
    const { server, client } = setup({ taskStore });
    await client.start();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    await client.flush();
    const save = vi.spyOn(taskStore, 'save');
    server.current = async () => {
      // An older server: the field did not exist.
      const { current_task: _, ...rest } = await FakeServer.prototype.current.call(server);
      return rest as Awaited<ReturnType<FakeServer['current']>>;
    };
    await client.refresh();
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });
    // The server's word repeating the task changes and stores nothing.
    server.current = FakeServer.prototype.current;
    await client.refresh();
    await client.flush();
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });
    expect(save).not.toHaveBeenCalled();
  });
});

describe('TrackerClient: more edges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('a repeated error is not news: listeners hear of it once', async () => {
    const taskStore = fullDisk();
    const { client } = setup({ taskStore });
    await client.start();
    const seen: TrackerSnapshot[] = [client.getSnapshot()];
    client.subscribe(() => seen.push(client.getSnapshot()));
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(0);
    client.setTask({ kind: 'task', id: 14 });
    await vi.advanceTimersByTimeAsync(0);
    const keys = Object.keys(seen[0]) as (keyof TrackerSnapshot)[];
    for (let i = 1; i < seen.length; i++) expect(keys.some((k) => seen[i][k] !== seen[i - 1][k])).toBe(true);
    expect(seen.filter((s, i) => i > 0 && s.lastError !== seen[i - 1].lastError)).toHaveLength(1);
  });

  it('a refresh answered after stop() starts no tracking', async () => {
    const { server, client } = setup();
    await client.start();
    await client.clockIn();
    client.stop();
    await client.refresh();
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(server.received.size).toBe(0);
    expect(client.getSnapshot().backlog).toBe(0);
    expect(client.idleSeconds()).toBe(0);
  });

  it('a clock-out that fails while offline goes on tracking into the outbox', async () => {
    const { server, client } = setup();
    await client.start();
    await client.clockIn();
    server.down = true;
    server.clockOut = async () => {
      throw new TransportError('Failed to fetch');
    };
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(client.clockOut()).rejects.toThrow('Failed to fetch');
    await vi.advanceTimersByTimeAsync(2 * MIN);
    expect(client.getSnapshot().backlog).toBe(3);
  });

  it('flush() waits for a delivery still under way', async () => {
    const { server, client } = setup();
    const send = server.sendPings.bind(server);
    server.sendPings = async (id, pings) => {
      for (let i = 0; i < 100; i++) await Promise.resolve();
      return send(id, pings);
    };
    await client.start();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(30_000);
    await client.clockOut();
    await client.flush();
    expect(times(server)).toEqual(['09:00:30']);
  });

  it('a task chosen before clock-in survives a read of the server that knows no shift', async () => {
    const { server, client } = setup({ taskStore: new MemoryTaskStore() });
    server.current = async () => currentShift(null);
    await client.start();
    client.setTask({ kind: 'general', id: 3 });
    await client.refresh();
    expect(client.getSnapshot().task).toEqual({ kind: 'general', id: 3 });
  });

  it("moving straight to another shift does not tell that shift this one's task: it takes the server's", async () => {
    const { server, client } = setup({ taskStore: new MemoryTaskStore() });
    await client.start();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(0);
    // The shift ended and the next one started elsewhere, where the web timer chose task 14.
    server.shift = attendance({ id: 6, status: 'ongoing' });
    server.currentTasks.set(6, { kind: 'task', id: 14 });
    await client.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.taskCalls).toEqual([{ attendanceId: 5, task: { kind: 'task', id: 12 } }]);
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 14 });
  });
});
