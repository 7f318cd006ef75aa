import type { AddressInfo } from 'node:net';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { afterAll, afterEach, beforeEach } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/lib/types';
import type { RealtimeService } from '../src/platform/realtime/realtime.service';
import type { Harness } from './harness';

/** The app's realtime service with its test handles (`tick`, `size`). */
export const realtimeOf = (app: App) => app.deps.realtime as RealtimeService;

/** The app's WebSocket URL, listening on a free port first unless it already listens (a file's tests share it). */
export async function listen(app: App): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/v1/ws`;
}

type Closed = { code: number; reason: string };

/** A `ws` client that keeps every message it receives, in order, and can wait for one. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<Closed>;
  private waiters: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.on('error', () => {});
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  /** Opens and authenticates; resolves with the `ready` message. */
  static async signedIn(
    url: string,
    token: string,
    client?: { kind: 'desktop' | 'web' | 'app'; capture: boolean },
    options: WebSocket.ClientOptions = {},
  ) {
    const socket = await TestSocket.open(url, options);
    socket.send({ type: 'auth', token, client });
    const ready = await socket.next('ready');
    return { socket, ready: ready.data as { user_id: number; connection_id: string } };
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first message of this type not yet taken by an earlier `next`, waiting for it. */
  async next(type: string, timeoutMs = 5000): Promise<ServerMessage> {
    const index = await this.waitFor((m) => m.type === type, timeoutMs, `a ${type} message`);
    return this.messages.splice(index, 1)[0];
  }

  /**
   * Waits for a sentinel notification, then answers (and takes) the messages that arrived before it. The
   * server sends to one socket in order, so a message published before the sentinel and not here was not
   * delivered to this socket.
   */
  async before(sentinelId: number): Promise<ServerMessage[]> {
    const index = await this.waitFor(
      (m) => m.type === 'notification' && m.data.id === sentinelId,
      5000,
      `sentinel ${sentinelId}`,
    );
    return this.messages.splice(0, index + 1).slice(0, index);
  }

  private async waitFor(match: (m: ServerMessage) => boolean, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return index;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close() {
    this.ws.close();
  }
}

type ClientHello = { kind: 'desktop' | 'web' | 'app'; capture: boolean };

/**
 * Signed-in sockets for a test file: the app listens once, each test's sockets are closed and acknowledged after
 * it (one still open would count as a connected tracker in the next test), the server's connections after the
 * file. Answers `socketOf(email, client?)` (an app that cannot capture unless told).
 */
export function useSignedInSockets(harness: () => Harness | undefined) {
  let url = '';
  const open: TestSocket[] = [];
  beforeEach(async () => {
    const h = harness();
    if (h) url ||= await listen(h.app);
  });
  afterEach(async () => {
    const closing = open.splice(0);
    for (const s of closing) s.close();
    await Promise.all(closing.map((s) => s.closed));
  });
  afterAll(() => {
    harness()?.app.server.closeAllConnections();
  });
  return async (email: string, client: ClientHello = { kind: 'app', capture: false }) => {
    const h = harness();
    if (!h) throw new Error('no test world yet');
    const token = (await h.bearer(email)).authorization.slice('Bearer '.length);
    const { socket } = await TestSocket.signedIn(url, token, client);
    open.push(socket);
    return socket;
  };
}
