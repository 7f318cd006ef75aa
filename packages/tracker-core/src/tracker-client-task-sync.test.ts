import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryTaskStore } from './current-task';
import { MemoryOutboxStore } from './outbox';
import { attendance, counterUuid, FakeEvents, FakeServer, testClock } from './test-helpers';
import { TrackerClient } from './tracker-client';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

async function setup(server = new FakeServer()) {
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
    taskStore: new MemoryTaskStore(),
    replayBaseDelayMs: 1000,
  });
  await client.start();
  return { server, client, events };
}

/** The task ids the pings named, in order. */
const named = (server: FakeServer) =>
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
    expect(named(server)).toEqual([12, 14, 'g2']);
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
