import type { ServerCurrentTask } from '@vahub/shared/attendance/tracker-protocol';
import { describe, expect, it } from 'vitest';
import type { CurrentTask } from './current-task';
import { fromServerTask, TaskSync, toServerTask } from './task-sync';
import { TransportError } from './transport';

async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

/** A server whose task calls wait until released one by one, and fail as told. */
function setup(options: { noTransport?: boolean; tracked?: boolean } = {}) {
  const calls: Array<{ attendanceId: number; task: ServerCurrentTask | null }> = [];
  const answers: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
  const refused: unknown[] = [];
  const errors: unknown[] = [];
  const state = { task: null as CurrentTask | null, tracked: options.tracked ?? true };
  const sync = new TaskSync({
    transport: options.noTransport
      ? {}
      : {
          setCurrentTask: (attendanceId, task) => {
            calls.push({ attendanceId, task });
            return new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
          },
        },
    target: () => (state.tracked ? { attendanceId: 5, task: state.task } : null),
    onRefused: (e) => refused.push(e),
    onError: (e) => errors.push(e),
  });
  const answer = async (error?: unknown) => {
    const next = answers.shift();
    if (!next) throw new Error('No call out');
    if (error) next.reject(error);
    else next.resolve();
    await settle();
  };
  return { sync, calls, answer, refused, errors, state };
}

describe('TaskSync', () => {
  it('tells the server the choice, one call at a time, and the latest choice after a call', async () => {
    const { sync, calls, answer, state } = setup();
    state.task = { kind: 'task', id: 12, title: 'Fix the login' };
    sync.changed();
    expect(sync.pending).toBe(true);
    state.task = { kind: 'general', id: 3 };
    sync.changed();
    state.task = null;
    sync.changed();
    await settle();
    expect(calls).toEqual([{ attendanceId: 5, task: { kind: 'task', id: 12 } }]);
    await answer();
    expect(calls.at(-1)).toEqual({ attendanceId: 5, task: null });
    expect(calls).toHaveLength(2);
    expect(sync.pending).toBe(true);
    await answer();
    expect(sync.pending).toBe(false);
    await sync.kick();
    expect(calls).toHaveLength(2);
  });

  it('keeps a choice pending after an outage and sends it at the next kick', async () => {
    const { sync, calls, answer, errors, refused, state } = setup();
    state.task = { kind: 'task', id: 12 };
    sync.changed();
    await settle();
    await answer(new TransportError('Failed to fetch'));
    expect(errors).toHaveLength(1);
    expect(refused).toEqual([]);
    expect(sync.pending).toBe(true);
    void sync.kick();
    await settle();
    expect(calls).toHaveLength(2);
    await answer();
    expect(sync.pending).toBe(false);
  });

  it('an outage is any status the server may answer otherwise later: below 400, 401, 408, 429 and 5xx', async () => {
    for (const status of [302, 399, 401, 408, 429, 500, 503]) {
      const { sync, answer, errors, refused } = setup();
      sync.changed();
      await settle();
      await answer(new TransportError('x', status));
      expect([status, errors.length, refused.length, sync.pending]).toEqual([status, 1, 0, true]);
    }
  });

  it('a refusal (any other 4xx) gives way to the server, and the choice is no longer pending', async () => {
    for (const status of [400, 403, 404, 409, 422, 499]) {
      const { sync, answer, errors, refused } = setup();
      sync.changed();
      await settle();
      await answer(new TransportError('This task is not one you can track time on', status));
      expect([status, errors.length, refused.length, sync.pending]).toEqual([status, 0, 1, false]);
    }
  });

  it('a choice made while a refused one was out is still sent: the VA moved on', async () => {
    const { sync, calls, answer, refused, state } = setup();
    state.task = { kind: 'task', id: 66 };
    sync.changed();
    await settle();
    state.task = { kind: 'task', id: 12 };
    sync.changed();
    await answer(new TransportError('Not under this contract', 422));
    expect(refused).toEqual([]);
    expect(calls.map((c) => c.task)).toEqual([
      { kind: 'task', id: 66 },
      { kind: 'task', id: 12 },
    ]);
    await answer();
    expect(sync.pending).toBe(false);
  });

  it('not tracking: nothing to tell, nothing pending', async () => {
    const { sync, calls } = setup({ tracked: false });
    sync.changed();
    await settle();
    expect(calls).toEqual([]);
    expect(sync.pending).toBe(false);
  });

  it('a transport without the call keeps the choice local: never pending', async () => {
    const { sync } = setup({ noTransport: true });
    sync.changed();
    expect(sync.pending).toBe(false);
    await sync.kick();
    expect(sync.pending).toBe(false);
  });
});

describe('the task as the server keeps it', () => {
  it('has no title; the server’s task keeps the local title only when it is the same task', () => {
    const local: CurrentTask = { kind: 'task', id: 12, title: 'Fix the login' };
    expect(toServerTask(local)).toEqual({ kind: 'task', id: 12 });
    expect(toServerTask(null)).toBeNull();
    expect(fromServerTask({ kind: 'task', id: 12 }, local)).toBe(local);
    expect(fromServerTask({ kind: 'general', id: 12 }, local)).toEqual({ kind: 'general', id: 12 });
    expect(fromServerTask({ kind: 'task', id: 13 }, local)).toEqual({ kind: 'task', id: 13 });
    expect(fromServerTask({ kind: 'task', id: 12 }, null)).toEqual({ kind: 'task', id: 12 });
    expect(fromServerTask(null, local)).toBeNull();
  });
});
