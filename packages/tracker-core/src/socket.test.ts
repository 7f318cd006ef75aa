import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketConnection, type SocketConnectionOptions, type SocketLike } from './socket';
import { testClock } from './test-helpers';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => unknown) | null = null;
  onmessage: ((ev: { data: unknown }) => unknown) | null = null;
  onclose: ((ev: { code: number }) => unknown) | null = null;
  onerror: ((ev: unknown) => unknown) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
  serverSays(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function setup(
  capturer?: SocketConnectionOptions['capturer'],
  getToken: SocketConnectionOptions['getToken'] = () => 'token-1',
) {
  const sockets: FakeSocket[] = [];
  const conn = new SocketConnection({
    capturer,
    url: 'ws://x/api/v1/ws',
    getToken,
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    clock: testClock(),
    client: { kind: 'desktop', capture: true },
    random: () => 1,
  });
  return { conn, sockets };
}

describe('SocketConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('authenticates first, saying its kind and whether it can capture, and hands messages on', async () => {
    const { conn, sockets } = setup();
    const got: string[] = [];
    conn.subscribe((m) => got.push(m.type));
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onopen?.({});
    expect(JSON.parse(sockets[0].sent[0])).toEqual({
      type: 'auth',
      token: 'token-1',
      client: { kind: 'desktop', capture: true },
    });
    sockets[0].serverSays({ type: 'ready', data: { user_id: 7, connection_id: 'c' } });
    await conn.whenReady();
    sockets[0].serverSays({ type: 'attendance.logout', data: { attendance_id: 5 } });
    expect(got).toEqual(['ready', 'attendance.logout']);
    conn.setCapture(false);
    expect(JSON.parse(sockets[0].sent[1])).toEqual({ type: 'client', capture: false });
  });

  it('reconnects with growing delays, but not after the server refused the session', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onclose?.({ code: 1012 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1].onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2].onclose?.({ code: 4401 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('reconnects at once when told the server is back, and only while it waits to', async () => {
    const { conn, sockets } = setup();
    conn.reconnectNow();
    expect(sockets).toHaveLength(0);
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    conn.reconnectNow();
    expect(sockets).toHaveLength(1);
    for (const code of [1006, 1006, 1006]) {
      sockets[sockets.length - 1].onclose?.({ code });
      await vi.advanceTimersByTimeAsync(60_000);
    }
    sockets[3].onclose?.({ code: 1006 });
    // The fourth failure waits 16 s; the server answered again after 1 s.
    await vi.advanceTimersByTimeAsync(1000);
    conn.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(5);
    // The backoff starts over, and the cancelled timer opens no second socket.
    sockets[4].onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(6);
    conn.stop();
  });

  it('follows the capturer: its answer at each auth, a client message at each change', async () => {
    let able = false;
    const listeners = new Set<() => void>();
    const capturer = {
      canCapture: () => able,
      subscribe: (l: () => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
    const change = (value: boolean) => {
      able = value;
      for (const l of listeners) l();
    };
    const { conn, sockets } = setup(capturer);
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onopen?.({});
    expect(JSON.parse(sockets[0].sent[0]).client).toEqual({ kind: 'desktop', capture: false });
    sockets[0].serverSays({ type: 'ready', data: { user_id: 7, connection_id: 'c' } });
    change(true);
    change(true);
    change(false);
    expect(sockets[0].sent.slice(1).map((m) => JSON.parse(m))).toEqual([
      { type: 'client', capture: true },
      { type: 'client', capture: false },
    ]);
    change(true);
    sockets[0].onclose?.({ code: 1012 });
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1].onopen?.({});
    expect(JSON.parse(sockets[1].sent[0]).client).toEqual({ kind: 'desktop', capture: true });
    conn.stop();
    expect(listeners.size).toBe(0);
  });

  it('tells the server a capture change that came between its auth and the answer', async () => {
    let able = false;
    const listeners = new Set<() => void>();
    const { conn, sockets } = setup({
      canCapture: () => able,
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    });
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onopen?.({});
    // The agent learns its contract's privacy tier while the server still checks the token.
    able = true;
    for (const l of listeners) l();
    expect(sockets[0].sent).toHaveLength(1);
    sockets[0].serverSays({ type: 'ready', data: { user_id: 7, connection_id: 'c' } });
    expect(sockets[0].sent.slice(1).map((m) => JSON.parse(m))).toEqual([{ type: 'client', capture: true }]);
    conn.stop();
  });
});

describe('SocketConnection at its edges', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const ready = { type: 'ready', data: { user_id: 7, connection_id: 'c' } } as const;
  const logout = { type: 'attendance.logout', data: { attendance_id: 5 } } as const;

  it('hands messages to its listeners until they unsubscribe, and ignores what is not a message', async () => {
    const { conn, sockets } = setup();
    const got: string[] = [];
    const off = conn.subscribe((m) => got.push(m.type));
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const data of ['not json', 'null', '5', '{"data":{}}', '{"type":7}'])
      sockets[0].onmessage?.({ data });
    expect(got).toEqual([]);
    sockets[0].serverSays(logout);
    off();
    sockets[0].serverSays(logout);
    expect(got).toEqual(['attendance.logout']);
  });

  it('is ready only once the server said ready, and again not after the socket closed', async () => {
    const { conn, sockets } = setup();
    let readyCount = 0;
    void conn.whenReady().then(() => readyCount++);
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onopen?.({});
    sockets[0].serverSays(logout);
    await vi.advanceTimersByTimeAsync(0);
    expect([conn.ready, readyCount]).toEqual([false, 0]);
    sockets[0].serverSays(ready);
    await vi.advanceTimersByTimeAsync(0);
    expect([conn.ready, readyCount]).toEqual([true, 1]);
    await expect(conn.whenReady()).resolves.toBeUndefined();

    sockets[0].onclose?.({ code: 1006 });
    expect(conn.ready).toBe(false);
    let again = false;
    void conn.whenReady().then(() => {
      again = true;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(again).toBe(false);
    sockets[1].serverSays(ready);
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });

  it('start() while started opens no second socket and follows the capturer once', async () => {
    const listeners = new Set<() => void>();
    const { conn, sockets } = setup({
      canCapture: () => true,
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    });
    conn.start();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    conn.stop();
    expect(listeners.size).toBe(0);
  });

  it('stop() closes the socket for good: code 4000, not ready, no reconnect, and later closes change nothing', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].serverSays(ready);
    const close = sockets[0].onclose;
    const got: string[] = [];
    conn.subscribe((m) => got.push(m.type));
    const closed = vi.spyOn(sockets[0], 'close');
    conn.stop();
    // A message the server sent before it saw the close is not handed on.
    sockets[0].serverSays(logout);
    expect(got).toEqual([]);
    expect(closed).toHaveBeenCalledWith(4000);
    expect(conn.ready).toBe(false);
    close?.({ code: 4000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    conn.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
  });

  it('stop() while waiting to reconnect cancels the reconnect; a new start connects once', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onclose?.({ code: 1006 });
    conn.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    conn.start();
    // The cancelled reconnect is not a reason to connect "now" a second time.
    conn.reconnectNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stop() while the token is being read opens no socket; a restart meanwhile opens exactly one', async () => {
    const tokens: Array<(token: string) => void> = [];
    const { conn, sockets } = setup(undefined, () => new Promise<string>((resolve) => tokens.push(resolve)));
    conn.start();
    conn.stop();
    tokens[0]('token-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);

    conn.start();
    conn.stop();
    conn.start();
    for (const resolve of tokens.slice(1)) resolve('token-2');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
  });

  it('without a token it stops: no socket, no retry', async () => {
    let token: string | null = null;
    const { conn, sockets } = setup(undefined, async () => token);
    conn.start();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(0);
    // Stopped, so a start with a token (the VA signed in again) connects.
    token = 'token-2';
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
  });

  it('a close event delivered twice reconnects once', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onclose?.({ code: 1006 });
    sockets[0].onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('reconnectNow does nothing while a socket is open or after the server refused the session', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    conn.reconnectNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    sockets[0].onclose?.({ code: 4401 });
    conn.reconnectNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('the backoff starts over once the server said ready, and is capped', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1].onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(2000);
    sockets[2].serverSays(ready);
    sockets[2].onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(4);
    for (let i = 4; i < 10; i++) {
      sockets[i - 1].onclose?.({ code: 1006 });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(sockets).toHaveLength(i + 1);
    }
  });

  it('tells no capture change the server already knows, and none before it is ready', async () => {
    const { conn, sockets } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    conn.setCapture(true);
    sockets[0].onopen?.({});
    conn.setCapture(false);
    conn.setCapture(true);
    expect(sockets[0].sent).toHaveLength(1);
    sockets[0].serverSays(ready);
    conn.setCapture(true);
    expect(sockets[0].sent).toHaveLength(1);
    conn.setCapture(false);
    expect(sockets[0].sent.slice(1).map((m) => JSON.parse(m))).toEqual([{ type: 'client', capture: false }]);
  });
});
