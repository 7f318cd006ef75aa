import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryTaskStore } from './current-task';
import { MemoryOutboxStore } from './outbox';
import { attendance, counterUuid, FakeServer, testClock } from './test-helpers';
import { TrackerClient } from './tracker-client';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

/** A web timer: it stands by while the VA's desktop agent is connected. */
async function setup(standBy = true) {
  const server = new FakeServer();
  server.shift = attendance({ id: 5 });
  const client = new TrackerClient({
    transport: server,
    store: new MemoryOutboxStore(),
    clock: testClock(),
    uuid: counterUuid(),
    source: 'web',
    random: () => 1,
    taskStore: new MemoryTaskStore(),
    standBy: standBy ? (current) => current.agent_connected : undefined,
  });
  await client.start();
  return { server, client };
}

/** The pings the server stored, as [time, task_id]. */
const pinged = (server: FakeServer) =>
  [...server.received.values()].map((p) => [p.at.slice(11, 19), p.task_id ?? null]);

describe('TrackerClient: standing by for another tracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('sends no pings while the agent records the shift, keeps the shift and the task, and resumes after it', async () => {
    const { server, client } = await setup();
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pinged(server)).toEqual([['09:01:00', null]]);

    // The agent connects: the next read of the shift says so, and this tracker stops pinging.
    server.agentConnected = true;
    await client.refresh();
    expect(client.getSnapshot()).toMatchObject({ standingBy: true, shift: { status: 'on_shift' } });
    client.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await client.flush();
    expect(pinged(server)).toEqual([['09:01:00', null]]);
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });

    // The agent is gone: pings start again a minute later, naming the task chosen meanwhile.
    server.agentConnected = false;
    await client.refresh();
    expect(client.getSnapshot().standingBy).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    await client.flush();
    expect(pinged(server)).toEqual([
      ['09:01:00', null],
      ['09:07:00', 12],
    ]);

    // Clocking out from the stand-by host works (the agent follows the server).
    server.agentConnected = true;
    await client.refresh();
    await client.clockOut();
    expect(client.getSnapshot().shift.status).toBe('clocked_out');
  });

  it('a tracker without a stand-by rule (the agent itself) records whatever agent_connected says', async () => {
    const { server, client } = await setup(false);
    server.agentConnected = true;
    await client.clockIn();
    await vi.advanceTimersByTimeAsync(120_000);
    await client.flush();
    expect(client.getSnapshot().standingBy).toBe(false);
    expect(pinged(server)).toEqual([
      ['09:01:00', null],
      ['09:02:00', null],
    ]);
  });
});
