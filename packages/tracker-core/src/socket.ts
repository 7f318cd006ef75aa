import type { ClientKind, ServerMessage } from '@vahub/shared/realtime/messages';
import type { Capturer } from './capture/types';
import { backoffDelay, type TimerHandle, type TrackerClock } from './clock';

/** The server messages a tracker listens to; the web timer feeds them from the app's own socket. */
export interface TrackerEvents {
  subscribe(listener: (message: ServerMessage) => void): () => void;
}

/** The part of a WebSocket (browser's or `ws`'s) the connection uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((ev: unknown) => unknown) | null;
  onmessage: ((ev: { data: unknown }) => unknown) | null;
  onclose: ((ev: { code: number }) => unknown) | null;
  onerror: ((ev: unknown) => unknown) | null;
}

export interface SocketConnectionOptions {
  url: string;
  getToken: () => Promise<string | null> | string | null;
  createSocket: (url: string) => SocketLike;
  clock: TrackerClock;
  client: { kind: ClientKind; capture: boolean };
  /**
   * When given, `capture` follows it: read afresh for each `auth`, and sent as `{type: 'client', capture}`
   * whenever the capturer announces a change.
   */
  capturer?: Pick<Capturer, 'canCapture' | 'subscribe'>;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

/** 4401: the session is gone; reconnecting with the same token cannot help. */
const UNAUTHENTICATED = 4401;

/**
 * A tracker's own socket (the agent, the simulator, tests): authenticates with its first message, saying
 * what kind of tracker it is and whether it can capture now, and reconnects with backoff and jitter.
 */
export class SocketConnection implements TrackerEvents {
  private socket: SocketLike | null = null;
  private readonly listeners = new Set<(message: ServerMessage) => void>();
  private timer: TimerHandle | null = null;
  private attempt = 0;
  private stopped = true;
  private readyWaiters: Array<() => void> = [];
  private offCapturer: (() => void) | null = null;
  /** What the server was last told about `capture` on this socket (auth or a client message). */
  private toldCapture: boolean | null = null;
  /** Counts `connect` calls: one that a stop (or a newer one) overtook while reading the token gives up. */
  private connects = 0;
  ready = false;

  constructor(private readonly o: SocketConnectionOptions) {}

  subscribe(listener: (message: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const capturer = this.o.capturer;
    this.offCapturer = capturer?.subscribe?.(() => this.setCapture(capturer.canCapture())) ?? null;
    void this.connect();
  }

  /** Resolves once the server has answered `ready`. */
  whenReady(): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Tells the server whether this tracker can take a screenshot now (only when that changed). */
  setCapture(capture: boolean): void {
    this.o.client = { ...this.o.client, capture };
    if (this.ready) this.tellCapture();
  }

  /** Sends `{type: 'client', capture}` when the server's idea of it is not the current one. */
  private tellCapture() {
    const { capture } = this.o.client;
    if (capture === this.toldCapture) return;
    this.toldCapture = capture;
    this.socket?.send(JSON.stringify({ type: 'client', capture }));
  }

  /**
   * Connects at once when waiting out a reconnect delay: the host saw the server answer again (an outbox
   * replay went through), so a tracker does not stay deaf to a forced logout for the rest of its backoff.
   */
  reconnectNow(): void {
    // A timer is set only while started and between sockets.
    if (this.timer === null) return;
    this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    this.attempt = 0;
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.ready = false;
    this.offCapturer?.();
    this.offCapturer = null;
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    this.connects++;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      // What it still delivers while closing is not handed on.
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(4000);
    }
  }

  private async connect() {
    const connect = ++this.connects;
    const token = await this.o.getToken();
    if (connect !== this.connects) return;
    if (!token) {
      this.stop();
      return;
    }
    const socket = this.o.createSocket(this.o.url);
    this.socket = socket;
    socket.onopen = () => {
      const capture = this.o.capturer?.canCapture() ?? this.o.client.capture;
      this.o.client = { ...this.o.client, capture };
      this.toldCapture = capture;
      socket.send(JSON.stringify({ type: 'auth', token, client: this.o.client }));
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (this.stopped || ev.code === UNAUTHENTICATED) return;
      const delay = backoffDelay(
        this.attempt++,
        this.o.baseDelayMs ?? 1000,
        this.o.maxDelayMs ?? 30_000,
        this.o.random ?? Math.random,
      );
      this.timer = this.o.clock.setTimeout(() => {
        this.timer = null;
        void this.connect();
      }, delay);
    };
  }

  private receive(data: unknown) {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(data)) as ServerMessage;
    } catch {
      return;
    }
    if (!message || typeof message.type !== 'string') return;
    if (message.type === 'ready') {
      this.ready = true;
      this.attempt = 0;
      // A change between the auth and its answer was kept, not sent: say it now.
      this.tellCapture();
      for (const resolve of this.readyWaiters.splice(0)) resolve();
    }
    for (const listener of this.listeners) listener(message);
  }
}
