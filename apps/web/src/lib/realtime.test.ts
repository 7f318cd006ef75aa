import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeClientOptions, type RealtimeState, realtimeUrl } from './realtime';

/** A WebSocket the test drives: it opens, receives and closes when told. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.readyState = 3;
    this.closedWith = code ?? 1000;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  ready() {
    this.open();
    this.receive({ type: 'ready', data: { user_id: 1, connection_id: 'c' } });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const flush = () => vi.advanceTimersByTimeAsync(0);

let states: RealtimeState[];
function client(options: Partial<RealtimeClientOptions> = {}) {
  const c = new RealtimeClient({
    url: 'ws://test/api/v1/ws',
    getToken: async () => 'token-1',
    refreshToken: async () => 'token-2',
    createSocket: (url) => new FakeSocket(url),
    random: () => 1, // the whole delay: jitter only ever shortens it
    ...options,
  });
  states = [];
  c.onState((s) => states.push(s));
  return c;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('authenticates as a web client, goes live and hands messages to their subscribers', async () => {
    const c = client();
    c.start();
    await flush();
    expect(last().url).toBe('ws://test/api/v1/ws');
    last().ready();
    expect(last().sent[0]).toEqual({
      type: 'auth',
      token: 'token-1',
      client: { kind: 'web', capture: false },
    });
    expect(c.getState()).toBe('live');
    expect(states).toEqual(['connecting', 'live']);

    const got: unknown[] = [];
    const off = c.onMessage('attendance.logout', (data) => got.push(data));
    last().receive({ type: 'attendance.logout', data: { attendance_id: 5 } });
    last().receive({ type: 'attendance.logout', data: { attendance_id: 'not a number' } });
    last().receive({ type: 'something.new', data: {} });
    off();
    last().receive({ type: 'attendance.logout', data: { attendance_id: 6 } });
    expect(got).toEqual([{ attendance_id: 5 }]);
  });

  it('tells the server when the web timer can capture: at once while live, and at the next auth', async () => {
    const c = client();
    c.setCapture(true);
    c.start();
    await flush();
    last().ready();
    expect(last().sent[0]).toMatchObject({ client: { kind: 'web', capture: true } });
    c.setCapture(false);
    c.setCapture(false);
    expect(last().sent.slice(1)).toEqual([{ type: 'client', capture: false }]);
    last().serverClose(1012);
    await vi.advanceTimersByTimeAsync(1000);
    last().ready();
    expect(last().sent[0]).toMatchObject({ client: { kind: 'web', capture: false } });
  });

  it('reconnects with exponential backoff up to 30 s', async () => {
    const c = client();
    c.start();
    await flush();
    const expected = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];
    for (const delay of expected) {
      const count = FakeSocket.all.length;
      last().serverClose(1012);
      expect(c.getState()).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeSocket.all.length).toBe(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all.length).toBe(count + 1);
    }
  });

  it('spreads retries with jitter between half and the whole delay', async () => {
    const c = client({ random: () => 0 });
    c.start();
    await flush();
    last().serverClose(1006);
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('starts again from 1 s after a connection that stayed up', async () => {
    const c = client();
    c.start();
    await flush();
    for (let i = 0; i < 3; i++) {
      last().serverClose(1012);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    last().ready();
    await vi.advanceTimersByTimeAsync(10_000); // stable
    last().serverClose(1012);
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.getState()).toBe('reconnecting');
    expect(last().readyState).toBe(0); // the new socket, opened after 1 s
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('gives up on a link that stops answering pings, and reconnects', async () => {
    const c = client();
    c.start();
    await flush();
    const first = last();
    first.ready();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    first.receive({ type: 'pong', data: {} });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(c.getState()).toBe('live');

    await vi.advanceTimersByTimeAsync(15_000); // next ping, never answered
    await vi.advanceTimersByTimeAsync(10_000);
    expect(first.closedWith).toBe(4000);
    expect(c.getState()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('on 4401 refreshes the token once and retries at once; a second 4401 stops', async () => {
    const refreshToken = vi.fn(async () => 'token-2');
    const c = client({ refreshToken });
    c.start();
    await flush();
    last().open();
    last().serverClose(4401);
    await flush();
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toMatchObject({ type: 'auth', token: 'token-2' });
    last().serverClose(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(c.getState()).toBe('stopped');
  });

  it('stops when the refresh fails or nobody is signed in', async () => {
    const c = client({ refreshToken: async () => Promise.reject(new Error('expired')) });
    c.start();
    await flush();
    last().serverClose(4401);
    await flush();
    expect(c.getState()).toBe('stopped');

    const signedOut = client({ getToken: async () => null });
    signedOut.start();
    await flush();
    expect(signedOut.getState()).toBe('stopped');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stop closes the socket and never reconnects; start connects again', async () => {
    const c = client();
    c.start();
    await flush();
    const socket = last();
    socket.ready();
    c.stop();
    expect(socket.closedWith).toBe(4000);
    expect(c.getState()).toBe('stopped');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    c.start();
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a stop while the token is being fetched opens no socket', async () => {
    let release: (t: string) => void = () => {};
    const c = client({ getToken: () => new Promise((resolve) => (release = resolve)) });
    c.start();
    c.stop();
    release('late');
    await flush();
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('realtimeUrl', () => {
  it('follows the page origin, wss on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'hub.example.com' })).toBe(
      'wss://hub.example.com/api/v1/ws',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/v1/ws');
  });
});
