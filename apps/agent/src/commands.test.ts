import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryOutboxStore } from '@vahub/tracker-core/outbox';
import { counterUuid, FakeServer, testClock } from '@vahub/tracker-core/test-helpers';
import { TrackerClient } from '@vahub/tracker-core/tracker-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequest, clockOutHere } from './agent-requests';
import { files } from './paths';

afterEach(() => {
  vi.useRealTimers();
});

describe('clock-out through the running agent', () => {
  it('sends the last seconds as a ping, clocks out, and answers the waiting command', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 8, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const dir = await mkdtemp(join(tmpdir(), 'agent-clockout-'));
    const server = new FakeServer();
    server.shift = { ...server.shift, status: 'ongoing' };
    const client = new TrackerClient({
      transport: server,
      store: new MemoryOutboxStore(),
      clock: testClock(),
      uuid: counterUuid(),
      source: 'desktop',
    });
    await client.start();
    await vi.advanceTimersByTimeAsync(25_000);
    client.record('keyboard');
    client.record('keyboard');
    const lines: string[] = [];
    await clockOutHere(client, join(dir, 'clock-out.json'), (l) => lines.push(l));
    await client.flush();
    const [ping] = [...server.received.values()];
    expect(ping).toMatchObject({ keyboard: 2, at: new Date(Date.UTC(2026, 2, 2, 8, 0, 25)).toISOString() });
    expect(server.shift.status).toBe('completed');
    expect(JSON.parse(await readFile(join(dir, 'clock-out.json'), 'utf8'))).toMatchObject({
      ok: true,
      id: 1,
    });
    expect(lines).toEqual(['Clocked out (attendance 1) at the request of "clock-out"']);
    // Not on shift any more: a second request answers why.
    await clockOutHere(client, join(dir, 'clock-out.json'), () => {});
    expect(JSON.parse(await readFile(join(dir, 'clock-out.json'), 'utf8'))).toEqual({
      ok: false,
      error: 'Not on shift',
    });
    client.stop();
  });

  it('answers the request it finds: a clock-out request clocks out, a task request sets the task', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 8, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const paths = files(await mkdtemp(join(tmpdir(), 'agent-request-')));
    const server = new FakeServer();
    server.shift = { ...server.shift, status: 'ongoing' };
    const client = new TrackerClient({
      transport: server,
      store: new MemoryOutboxStore(),
      clock: testClock(),
      uuid: counterUuid(),
      source: 'desktop',
    });
    await client.start();
    await writeFile(paths.request, JSON.stringify({ command: 'task', task: { kind: 'general', id: 3 } }));
    await answerRequest(client, paths, () => {});
    expect(client.getSnapshot().task).toEqual({ kind: 'general', id: 3 });
    expect(JSON.parse(await readFile(paths.taskAnswer, 'utf8'))).toEqual({
      ok: true,
      task: { kind: 'general', id: 3 },
      tracking: true,
    });
    await writeFile(paths.request, JSON.stringify({ command: 'clock-out' }));
    await answerRequest(client, paths, () => {});
    expect(server.shift.status).toBe('completed');
    expect(JSON.parse(await readFile(paths.clockOut, 'utf8'))).toMatchObject({ ok: true });
    expect(client.getSnapshot().task).toBeNull();
    client.stop();
  });
});
