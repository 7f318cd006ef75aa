import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryTaskStore } from './current-task';
import { MemoryOutboxStore } from './outbox';
import { attendance, counterUuid, FakeEvents, FakeServer, testClock } from './test-helpers';
import { TrackerClient } from './tracker-client';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

async function setup(server = new FakeServer(), taskStore = new MemoryTaskStore()) {
  if (server.shift.id === 1) server.shift = attendance({ id: 5 });
  const events = new FakeEvents();
  const client = new TrackerClient({
    transport: server,
    store: new MemoryOutboxStore(),
    clock: testClock(),
    uuid: counterUuid(),
    source: 'desktop',
    events,
    random: () => 1,
    taskStore,
  });
  await client.start();
  return { server, client, events, taskStore };
}

/** The pings the server stored, as [time, task_id, general_task_id]. */
const named = (server: FakeServer) =>
  [...server.received.values()].map((p) => [
    p.at.slice(11, 19),
    p.task_id ?? null,
    p.general_task_id ?? null,
  ]);

describe('TrackerClient: the current task', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('names the current task on every ping; a switch mid-minute gives that minute to the new task', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });
    await vi.advanceTimersByTimeAsync(120_000);
    await vi.advanceTimersByTimeAsync(30_000);
    client.setTask({ kind: 'task', id: 14 });
    await vi.advanceTimersByTimeAsync(90_000);
    client.setTask(null);
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(named(server)).toEqual([
      ['09:01:00', 12, null],
      ['09:02:00', 12, null],
      ['09:03:00', 14, null], // switched at 09:02:30: the ping at the minute's end names the new task
      ['09:04:00', 14, null],
      ['09:05:00', null, null],
    ]);
  });

  it('a task the server refuses on pings is cleared: one minute is lost, the next ones count without it', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(0);
    // The project was archived meanwhile: the server refuses pings naming the task.
    server.refuseTaskIds.add(12);
    await vi.advanceTimersByTimeAsync(180_000);
    await client.flush();
    expect(named(server)).toEqual([
      ['09:02:00', null, null],
      ['09:03:00', null, null],
    ]);
    expect(client.getSnapshot().task).toBeNull();
    expect(server.taskCalls.at(-1)).toEqual({ attendanceId: 5, task: null });
    // Each ping went once: nothing is resent in a loop.
    expect(server.calls.flatMap((c) => c.ids)).toHaveLength(3);
  });

  it('a retired general task the server refuses on pings is cleared too', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'general', id: 3 });
    await vi.advanceTimersByTimeAsync(0);
    server.refuseGeneralTaskIds.add(3);
    await vi.advanceTimersByTimeAsync(120_000);
    await client.flush();
    expect(named(server)).toEqual([['09:02:00', null, null]]);
    expect(client.getSnapshot().task).toBeNull();
    expect(server.taskCalls.at(-1)).toEqual({ attendanceId: 5, task: null });
  });

  it('a ping refused for another reason keeps the task (only a refusal of the task clears it)', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(0);
    const calls = server.taskCalls.length;
    server.refuseAllWith = 'attendance.ping_outside_shift';
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12 });
    expect(server.taskCalls).toHaveLength(calls);
  });

  it('with no task chosen, a refused ping clears nothing and tells the server nothing', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(0);
    const calls = server.taskCalls.length;
    server.refuseAllWith = 'projects.task_not_pickable';
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(client.getSnapshot().task).toBeNull();
    expect(server.taskCalls).toHaveLength(calls);
  });

  it('a refusal of pings naming an earlier task keeps the task chosen since (offline replay)', async () => {
    for (const [earlier, current] of [
      [
        { kind: 'task', id: 12 },
        { kind: 'task', id: 14 },
      ],
      [
        { kind: 'general', id: 4 },
        { kind: 'general', id: 3 },
      ],
      [
        { kind: 'task', id: 4 },
        { kind: 'general', id: 3 },
      ],
    ] as const) {
      const { server, client } = await setup();
      await client.clockIn();
      client.setTask(earlier);
      await vi.advanceTimersByTimeAsync(0);
      server.down = true;
      await vi.advanceTimersByTimeAsync(60_000);
      client.setTask(current);
      server.refuseTaskIds.add(earlier.id);
      server.refuseGeneralTaskIds.add(earlier.id);
      server.down = false;
      await vi.advanceTimersByTimeAsync(120_000);
      await client.flush();
      // The earlier task's ping was refused (not stored); the task chosen since stays.
      expect(named(server).filter(([at]) => at === '09:01:00')).toEqual([]);
      expect(client.getSnapshot().task).toEqual(current);
      client.stop();
    }
  });

  it('a batch refusing an earlier task and the current one clears the current one', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(0);
    server.down = true;
    await vi.advanceTimersByTimeAsync(60_000);
    client.setTask({ kind: 'task', id: 14 });
    await vi.advanceTimersByTimeAsync(60_000);
    server.refuseTaskIds.add(12);
    server.refuseTaskIds.add(14);
    server.down = false;
    // Back before the next ping: the two waiting pings go in one batch, and both are refused.
    await client.retryNow();
    await vi.advanceTimersByTimeAsync(5_000);
    await client.flush();
    expect(server.calls.at(-1)?.ids).toHaveLength(2);
    expect(client.getSnapshot().task).toBeNull();
  });

  it('a general task goes out as general_task_id, never with a task_id', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(60_000);
    client.setTask({ kind: 'general', id: 3, title: 'Meetings' });
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(named(server)).toEqual([
      ['09:01:00', 12, null],
      ['09:02:00', null, 3],
    ]);
  });

  it('a task chosen before clock-in applies from clock-in, names the last ping, and is cleared at clock-out', async () => {
    const { server, client, taskStore } = await setup();
    client.setTask({ kind: 'general', id: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(taskStore.choice).toEqual({ task: { kind: 'general', id: 3 }, attendanceId: null });
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(90_000);
    await client.clockOut();
    await client.flush();
    expect(named(server)).toEqual([
      ['09:01:00', null, 3],
      ['09:01:30', null, 3],
    ]);
    expect(client.getSnapshot().task).toBeNull();
    expect(taskStore.choice).toBeNull();

    // The next shift starts without a task.
    server.shift = attendance({ id: 6 });
    await client.refresh();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(named(server).at(-1)).toEqual(['09:02:30', null, null]);
  });

  it('a forced logout clears the task as well', async () => {
    const { server, client, events } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12 });
    server.shift = { ...server.shift, status: 'completed', end_reason: 'forced_logout' };
    events.emit({ type: 'attendance.logout', data: { attendance_id: 5 } });
    expect(client.getSnapshot().shift.status).toBe('forced_out');
    expect(client.getSnapshot().task).toBeNull();
  });

  it('is kept across a restart while its shift runs, and dropped when that shift ended meanwhile', async () => {
    const server = new FakeServer();
    server.shift = attendance({ id: 5 });
    const taskStore = new MemoryTaskStore();
    const first = await setup(server, taskStore);
    await first.client.clockIn();
    first.client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    await first.client.flush();
    first.client.stop();
    expect(taskStore.choice).toEqual({
      task: { kind: 'task', id: 12, title: 'Fix the login' },
      attendanceId: 5,
    });

    // The tracker restarts during the same shift: the task is still current and named.
    const second = await setup(server, taskStore);
    expect(second.client.getSnapshot().task).toMatchObject({ kind: 'task', id: 12 });
    await vi.advanceTimersByTimeAsync(60_000);
    await second.client.flush();
    expect(named(server).at(-1)).toEqual(['09:01:00', 12, null]);
    second.client.stop();

    // The shift was clocked out elsewhere while this tracker was off: its task goes with it.
    server.shift = { ...server.shift, status: 'completed' };
    const third = await setup(server, taskStore);
    expect(third.client.getSnapshot().task).toBeNull();
    await third.client.flush();
    expect(taskStore.choice).toBeNull();
    third.client.stop();
  });
});

/** The task ids the pings named, in order. */
const taskIds = (server: FakeServer) =>
  [...server.received.values()].map((p) => p.task_id ?? (p.general_task_id ? `g${p.general_task_id}` : null));

describe('TrackerClient: the current task, shared through the server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('tells the server a choice made on shift, and one made before clock-in once the shift starts', async () => {
    const { server, client } = await setup();
    client.setTask({ kind: 'general', id: 3, title: 'Meetings' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.taskCalls).toEqual([]);
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.taskCalls).toEqual([{ attendanceId: 5, task: { kind: 'general', id: 3 } }]);
    client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    client.setTask(null);
    await vi.advanceTimersByTimeAsync(0);
    // The last choice is what the server keeps.
    expect(server.currentTasks.get(5)).toBeNull();
    expect(server.taskCalls.at(-1)).toEqual({ attendanceId: 5, task: null });
  });

  it("follows another tracker's choice for this shift (live, and at the next read), not another shift's", async () => {
    const { server, client, events } = await setup();
    await client.clockIn();
    client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    await vi.advanceTimersByTimeAsync(60_000);
    // The web timer chose task 14 for this shift: the server says so over the socket.
    events.emit({ type: 'attendance.task', data: { attendance_id: 5, task: { kind: 'task', id: 14 } } });
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 14 });
    events.emit({ type: 'attendance.task', data: { attendance_id: 99, task: { kind: 'general', id: 1 } } });
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 14 });
    await vi.advanceTimersByTimeAsync(60_000);
    // A message missed while the socket was down: the next read of the shift brings the choice.
    server.currentTasks.set(5, { kind: 'general', id: 2 });
    await client.refresh();
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(taskIds(server)).toEqual([12, 14, 'g2']);
    // Following is not choosing: nothing was sent back.
    expect(server.taskCalls).toEqual([{ attendanceId: 5, task: { kind: 'task', id: 12 } }]);
  });

  it('keeps a choice made offline over the server’s older word, and sends it when the network is back', async () => {
    const { server, client, events } = await setup();
    await client.clockIn();
    server.currentTasks.set(5, { kind: 'task', id: 14 });
    server.down = true;
    client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    await vi.advanceTimersByTimeAsync(0);
    events.emit({ type: 'attendance.task', data: { attendance_id: 5, task: { kind: 'task', id: 14 } } });
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });
    server.down = false;
    await client.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.currentTasks.get(5)).toEqual({ kind: 'task', id: 12 });
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });
  });

  it('gives way to the server when it refuses the task, and says why', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    server.currentTasks.set(5, { kind: 'general', id: 2 });
    server.refuseTaskWith = 422;
    client.setTask({ kind: 'task', id: 66 });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getSnapshot().task).toEqual({ kind: 'general', id: 2 });
    expect(client.getSnapshot().lastError).toBe(
      'This task is not one you can track time on under this contract',
    );
  });
});
