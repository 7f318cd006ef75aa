import {
  type ServerMessageData,
  type ServerMessageType,
  serverMessageSchema,
  WS_CLOSE,
  WS_PATH,
} from '@vahub/shared/realtime/messages';

/**
 * The realtime socket of the dashboards (DOMAIN.md "Tracker protocol and realtime"): authenticates with the
 * first message, reconnects with exponential backoff and jitter, and notices a dead link with app-level
 * pings (a browser never sees ping frames).
 */
export type RealtimeState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'stopped';

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
};
export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  url: string;
  /** A usable access token, or null when signed out (then the client stops). */
  getToken: () => Promise<string | null>;
  /** Refreshes the token although it looked valid; the one retry after the server refused it (4401). */
  refreshToken: () => Promise<string | null>;
  createSocket?: SocketFactory;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A connection live this long counts as stable: the next drop starts again from the base delay. */
  stableAfterMs?: number;
  pingIntervalMs?: number;
  /** No pong this long after a ping: the link is dead, reconnect. */
  pongTimeoutMs?: number;
}

type Handler = (data: never) => void;

/** Close code the client uses for a link it gave up on (a dead link, or stop). */
const CLIENT_GAVE_UP = 4000;

export class RealtimeClient {
  private state: RealtimeState = 'idle';
  private socket: SocketLike | null = null;
  private attempts = 0;
  private refreshedAfterRefusal = false;
  /** Bumped by stop(): a connect still awaiting its token must not open a socket after it. */
  private generation = 0;
  private timers: { retry?: number; stable?: number; ping?: number; pong?: number } = {};
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly stateListeners = new Set<(state: RealtimeState) => void>();
  private readonly opts: Required<RealtimeClientOptions>;
  /** Whether this tab's web timer can take a screenshot now (the VA shares a screen): told at auth and on change. */
  private capture = false;

  constructor(options: RealtimeClientOptions) {
    this.opts = {
      createSocket: (url) => new WebSocket(url),
      random: Math.random,
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      stableAfterMs: 10_000,
      pingIntervalMs: 25_000,
      pongTimeoutMs: 10_000,
      ...options,
    };
  }

  getState(): RealtimeState {
    return this.state;
  }

  onState(listener: (state: RealtimeState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onMessage<T extends ServerMessageType>(type: T, handler: (data: ServerMessageData<T>) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  start(): void {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    this.attempts = 0;
    this.refreshedAfterRefusal = false;
    void this.connect('connecting');
  }

  /** Sign-out or leaving the dashboards: close and stay closed. */
  stop(): void {
    this.generation++;
    this.clearTimers();
    this.dropSocket();
    this.setState('stopped');
  }

  /** The web timer's capture ability changed: the server learns it at once (and at every auth). */
  setCapture(capture: boolean): void {
    if (capture === this.capture) return;
    this.capture = capture;
    if (this.state === 'live') this.socket?.send(JSON.stringify({ type: 'client', capture }));
  }

  /** Skips the wait of a pending retry (the browser came back online, the tab became visible). */
  retryNow(): void {
    if (this.state !== 'reconnecting' || this.socket) return;
    window.clearTimeout(this.timers.retry);
    void this.connect('reconnecting');
  }

  private async connect(state: 'connecting' | 'reconnecting', token?: string | null) {
    this.setState(state);
    const generation = this.generation;
    let auth: string | null;
    try {
      auth = token ?? (await this.opts.getToken());
    } catch {
      auth = null;
    }
    if (generation !== this.generation) return;
    if (!auth) {
      this.stop();
      return;
    }
    const socket = this.opts.createSocket(this.opts.url);
    this.socket = socket;
    socket.onopen = () =>
      socket.send(
        JSON.stringify({ type: 'auth', token: auth, client: { kind: 'web', capture: this.capture } }),
      );
    socket.onmessage = (event) => this.receive(event);
    socket.onclose = (event) => this.closed(socket, event.code);
    socket.onerror = () => {}; // a close event follows
  }

  private receive(event: MessageEvent) {
    let parsed: ReturnType<typeof serverMessageSchema.safeParse>;
    try {
      parsed = serverMessageSchema.safeParse(JSON.parse(String(event.data)));
    } catch {
      return;
    }
    if (!parsed.success) return; // a type this client does not know yet
    const message = parsed.data as { type: string; data: never };
    if (message.type === 'ready') this.ready();
    if (message.type === 'pong') window.clearTimeout(this.timers.pong);
    for (const handler of this.handlers.get(message.type) ?? []) {
      try {
        handler(message.data);
      } catch (err) {
        console.error(`realtime: a ${message.type} handler failed`, err);
      }
    }
  }

  private ready() {
    this.setState('live');
    this.refreshedAfterRefusal = false;
    this.timers.stable = window.setTimeout(() => {
      this.attempts = 0;
    }, this.opts.stableAfterMs);
    this.timers.ping = window.setInterval(() => this.ping(), this.opts.pingIntervalMs);
  }

  private ping() {
    if (!this.socket) return;
    this.socket.send(JSON.stringify({ type: 'ping' }));
    window.clearTimeout(this.timers.pong);
    this.timers.pong = window.setTimeout(() => {
      // A dead link may take minutes to report its close: give up on it now.
      const dead = this.socket;
      this.dropSocket();
      if (dead) this.closed(dead, CLIENT_GAVE_UP);
    }, this.opts.pongTimeoutMs);
  }

  private closed(socket: SocketLike, code: number) {
    if (socket !== this.socket && this.socket !== null) return; // an old socket closing late
    this.clearTimers();
    this.dropSocket();
    if (this.state === 'stopped') return;
    if (code === WS_CLOSE.unauthenticated) {
      if (this.refreshedAfterRefusal) {
        this.stop();
        return;
      }
      // The token may have been refused for being stale: refresh once and try again at once.
      this.refreshedAfterRefusal = true;
      this.setState('reconnecting');
      this.opts.refreshToken().then(
        (token) => {
          if (this.state !== 'reconnecting' || this.socket) return;
          if (token) void this.connect('reconnecting', token);
          else this.stop();
        },
        () => this.stop(),
      );
      return;
    }
    this.scheduleRetry();
  }

  private scheduleRetry() {
    const exp = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** this.attempts);
    // Jitter keeps a restarted server's clients from all knocking at once.
    const delay = Math.round(exp / 2 + (this.opts.random() * exp) / 2);
    this.attempts++;
    this.setState('reconnecting');
    this.timers.retry = window.setTimeout(() => void this.connect('reconnecting'), delay);
  }

  private dropSocket() {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    if (socket.readyState === 0 || socket.readyState === 1) socket.close(CLIENT_GAVE_UP);
  }

  private clearTimers() {
    window.clearTimeout(this.timers.retry);
    window.clearTimeout(this.timers.stable);
    window.clearInterval(this.timers.ping);
    window.clearTimeout(this.timers.pong);
    this.timers = {};
  }

  private setState(state: RealtimeState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}

/** The socket URL of this page's origin (wss on https). */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}
