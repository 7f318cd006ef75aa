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

function setup(capturer?: SocketConnectionOptions['capturer']) {
  const sockets: FakeSocket[] = [];
  const conn = new SocketConnection({
    capturer,
    url: 'ws://x/api/v1/ws',
    getToken: () => 'token-1',
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
