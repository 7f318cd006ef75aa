// The agent test harness: a running agent (`startAgent`) in this process against a fake server, with fake
// timers for its clock (setTimeout and Date) and real file I/O in a temporary home.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PingInput, ServerCurrentTask } from '@vahub/shared/attendance/tracker-protocol';
import type { GeneralTask, PickableTask } from '@vahub/shared/projects/schemas';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import type { CapturedScreen } from '@vahub/tracker-core/capture/types';
import type { SocketLike } from '@vahub/tracker-core/socket';
import { attendance, counterUuid, currentShift, testClock } from '@vahub/tracker-core/test-helpers';
import { vi } from 'vitest';
import type { InputKind, InputSource } from './activity';
import { startAgent } from './agent';
import { TokenKeeper, writeSession } from './session';

/** The server as the agent sees it: the shift, pings and uploads it received, and a socket to push messages. */
export function fakeServer() {
  const shift = attendance({ id: 7, status: 'ongoing' });
  const settings = {
    screenshot_privacy: 'full' as const,
    screenshots_per_hour: 0,
    screenshots_on_demand: true,
  };
  const state = {
    current: currentShift(shift),
    pings: [] as PingInput[],
    uploads: [] as string[],
    declines: [] as unknown[],
    /** `client-tasks/contract/{id}` of the shift's contract (1) and `general-tasks`. */
    tasks: [] as PickableTask[],
    generalTasks: [] as GeneralTask[],
  };
  state.current.settings = {
    ...(state.current.settings as NonNullable<typeof state.current.settings>),
    ...settings,
  };
  let socket: SocketLike | null = null;
  const fetchFn = (async (input: string | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (path.endsWith('/attendance/current/user')) return json(200, state.current);
    if (path.endsWith('/client-tasks/contract/1')) return json(200, { data: state.tasks });
    if (path.endsWith('/general-tasks')) return json(200, { data: state.generalTasks });
    if (path.endsWith('/attendance/current-task')) {
      // The server keeps the shift's task (read back with the shift) and tells the VA's trackers.
      const body = JSON.parse(String(init?.body)) as { task: ServerCurrentTask | null };
      state.current = { ...state.current, current_task: body.task };
      return json(200, body);
    }
    if (path.endsWith('/attendance/pings')) {
      const body = JSON.parse(String(init?.body)) as { pings: PingInput[] };
      state.pings.push(...body.pings);
      return json(200, { accepted: body.pings.length, duplicates: 0, rejected: [], attendance: shift });
    }
    if (path.endsWith('/screenshots')) {
      const text = Buffer.from(init?.body as Uint8Array).toString('latin1');
      state.uploads.push(/name="request_id"\r\n\r\n([^\r]+)/.exec(text)?.[1] ?? 'scheduled');
      return json(201, { id: state.uploads.length });
    }
    if (path.endsWith('/decline')) {
      state.declines.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }
    return json(404, { message: 'Not found' });
  }) as typeof fetch;
  const createSocket = (): SocketLike => {
    const s: SocketLike = {
      send: (data) => {
        if (JSON.parse(data).type === 'auth')
          queueMicrotask(() =>
            s.onmessage?.({ data: JSON.stringify({ type: 'ready', data: { user_id: 5 } }) }),
          );
      },
      close: () => {},
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    socket = s;
    queueMicrotask(() => s.onopen?.({}));
    return s;
  };
  const push = (message: ServerMessage) => socket?.onmessage?.({ data: JSON.stringify(message) });
  return { state, fetchFn, createSocket, push };
}

/** Waits up to 3 s of real time for file I/O (the outbox): `setInterval` is not faked here. */
export async function until(condition: () => boolean) {
  const sleep = () =>
    new Promise<void>((resolve) => {
      const h = setInterval(() => {
        clearInterval(h);
        resolve();
      }, 5);
    });
  for (let i = 0; i < 600 && !condition(); i++) await sleep();
}

export class FakeInput implements InputSource {
  emit: (kind: InputKind) => void = () => {};
  start(listener: (kind: InputKind) => void) {
    this.emit = listener;
  }
  stop() {}
}

export async function started(capture: () => Promise<CapturedScreen[]>, options: { pid?: number } = {}) {
  vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 9, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const home = await mkdtemp(join(tmpdir(), 'agent-run-'));
  await writeSession(join(home, 'session.json'), {
    server: 'http://vahub.test',
    email: 'va@example.com',
    access_token: 'a',
    access_expires_at: Date.now() + 3_600_000,
    refresh_token: 'r',
  });
  const server = fakeServer();
  const input = new FakeInput();
  const lines: string[] = [];
  const agent = await startAgent({
    home,
    server: 'http://vahub.test',
    keeper: new TokenKeeper({
      path: join(home, 'session.json'),
      lockPath: join(home, 'session.lock'),
      fetch: server.fetchFn,
    }),
    clock: testClock(),
    fetch: server.fetchFn,
    createSocket: server.createSocket,
    log: (line) => lines.push(line),
    input,
    windowProbe: async () => ({ app: 'Firefox', title: 'Tickets' }),
    capture,
    uuid: counterUuid(),
    pid: options.pid,
  });
  await vi.advanceTimersByTimeAsync(10);
  return { server, input, lines, agent, home };
}
