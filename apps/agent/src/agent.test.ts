import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import type { CapturedScreen } from '@vahub/tracker-core/capture/types';
import type { SocketLike } from '@vahub/tracker-core/socket';
import { attendance, counterUuid, currentShift, testClock } from '@vahub/tracker-core/test-helpers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InputKind, InputSource } from './activity';
import { startAgent } from './agent';
import { TokenKeeper, writeSession } from './session';

afterEach(() => {
  vi.useRealTimers();
});

/** The server as the agent sees it: the shift, pings and uploads it received, and a socket to push messages. */
function fakeServer() {
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
async function until(condition: () => boolean) {
  const sleep = () =>
    new Promise<void>((resolve) => {
      const h = setInterval(() => {
        clearInterval(h);
        resolve();
      }, 5);
    });
  for (let i = 0; i < 600 && !condition(); i++) await sleep();
}

class FakeInput implements InputSource {
  emit: (kind: InputKind) => void = () => {};
  start(listener: (kind: InputKind) => void) {
    this.emit = listener;
  }
  stop() {}
}

async function started(capture: () => Promise<CapturedScreen[]>) {
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
  });
  await vi.advanceTimersByTimeAsync(10);
  return { server, input, lines, agent };
}

const twoScreens = async (): Promise<CapturedScreen[]> =>
  [0, 1].map((screen) => ({ screen, bytes: Uint8Array.from([0xff, 0xd8, 0xff]), type: 'image/jpeg' }));

describe('the running agent', () => {
  it('records the ongoing shift, answers a screenshot request, and stops at once on a forced logout', async () => {
    const captures: number[] = [];
    const { server, input, lines, agent } = await started(async () => {
      captures.push(Date.now());
      return twoScreens();
    });
    expect(agent.state()).toMatchObject({ shift: 'on_shift', recording: true, can_capture: true });
    expect(lines[0]).toBe('On shift (attendance 7): recording activity and screenshots');

    for (let i = 0; i < 12; i++) input.emit('keyboard');
    input.emit('click');
    await vi.advanceTimersByTimeAsync(60_000);
    await agent.client.flush();
    expect(server.state.pings).toHaveLength(1);
    expect(server.state.pings[0]).toMatchObject({
      keyboard: 12,
      mouse: 1,
      source: 'desktop',
      active_window: { app: 'Firefox', title: 'Tickets' },
    });

    server.push({ type: 'screenshot.request', data: { request_id: 'req-1', attendance_id: 7 } });
    await until(() => server.state.uploads.length >= 2);
    expect(server.state.uploads).toEqual(['req-1', 'req-1']);
    expect(lines).toContain('screenshot taken (on demand), 2 screens');

    // An admin ends the shift: the server says so, then sends the logout.
    server.state.current = currentShift(attendance({ id: 7, status: 'completed' }));
    server.push({ type: 'attendance.changed', data: { attendance_id: 7, va_id: 5, status: 'completed' } });
    server.push({ type: 'attendance.logout', data: { attendance_id: 7 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(agent.state()).toMatchObject({ shift: 'forced_out', recording: false });
    for (let i = 0; i < 30; i++) input.emit('keyboard');
    server.push({ type: 'screenshot.request', data: { request_id: 'req-2', attendance_id: 7 } });
    await vi.advanceTimersByTimeAsync(180_000);
    await agent.client.flush();
    expect(server.state.pings).toHaveLength(1);
    expect(captures).toHaveLength(1);
    expect(lines.join('\n')).toMatch(
      /Forced logout: an admin or manager ended attendance 7; recording stopped/,
    );
    await agent.stop(100);
  }, 20_000);

  it('declines a request it cannot capture, and says it cannot capture until a retry', async () => {
    let failing = true;
    const { server, agent } = await started(async () => {
      if (failing) throw new Error('import: unable to open X server');
      return twoScreens();
    });
    server.push({ type: 'screenshot.request', data: { request_id: 'req-1', attendance_id: 7 } });
    await until(() => server.state.declines.length > 0);
    expect(server.state.declines).toEqual([{ reason: 'error', detail: 'import: unable to open X server' }]);
    expect(agent.state()).toMatchObject({
      can_capture: false,
      last_error: 'screenshot failed: import: unable to open X server',
    });
    failing = false;
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(agent.state().can_capture).toBe(true);
    await agent.stop(100);
  }, 20_000);
});
