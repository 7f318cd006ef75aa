import { randomUUID } from 'node:crypto';
import type { Role } from '@vahub/shared/auth/roles';
import {
  authMessageSchema,
  type ClientMessage,
  clientMessageSchema,
  WS_CLOSE,
} from '@vahub/shared/realtime/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Connection, ConnectionRegistry } from './registry';

/** Who an access token belongs to (the plugin's `AuthContext` fits). */
export type Viewer = { userId: number; organizationId: number; roles: Role[]; sessionId: string };

export type SocketContext = {
  registry: ConnectionRegistry;
  log: FastifyBaseLogger;
  authTimeoutMs: number;
  authenticate(token: string): Promise<Viewer>;
  /** Records the connection (or its new capture flag) where every instance can see it. */
  track(conn: Connection): Promise<void>;
  untrack(conn: Connection): void;
  isClosing(): boolean;
  clock(): Date;
};

/** Close reasons travel in a control frame: at most 123 bytes. */
const reason = (text: string) => Buffer.from(text).subarray(0, 120).toString();

/**
 * Speaks the protocol on one socket: the first message authenticates (else 4401), then capture updates
 * and app-level pings. Messages are handled one at a time, in order, so a `client` update sent right
 * after `auth` applies to the registered connection.
 */
export function attachSocket(ctx: SocketContext, socket: WebSocket, remote: string | undefined): void {
  const connectionId = randomUUID();
  const log = ctx.log.child({ connection_id: connectionId, remote });
  let conn: Connection | null = null;
  let queue: Promise<void> = Promise.resolve();

  const authTimer = setTimeout(() => {
    if (!conn) close(WS_CLOSE.unauthenticated, 'Authenticate first.');
  }, ctx.authTimeoutMs);
  authTimer.unref();

  function close(code: number, text: string) {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
      socket.close(code, reason(text));
    }
  }

  function send(message: object) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  async function authenticate(raw: string) {
    const parsed = authMessageSchema.safeParse(parseJson(raw));
    if (!parsed.success) {
      close(WS_CLOSE.unauthenticated, 'The first message must be {type: "auth", token}.');
      return;
    }
    let viewer: Viewer;
    try {
      viewer = await ctx.authenticate(parsed.data.token);
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Your session is not valid.';
      log.debug({ err }, 'realtime: authentication refused');
      close(WS_CLOSE.unauthenticated, message);
      return;
    }
    clearTimeout(authTimer);
    if (socket.readyState !== socket.OPEN) return;
    if (ctx.isClosing()) {
      close(WS_CLOSE.restarting, 'The server is restarting.');
      return;
    }
    conn = {
      connectionId,
      userId: viewer.userId,
      organizationId: viewer.organizationId,
      roles: viewer.roles,
      sessionId: viewer.sessionId,
      kind: parsed.data.client?.kind ?? 'app',
      capture: parsed.data.client?.capture ?? false,
      connectedAt: ctx.clock(),
      socket,
      alive: true,
    };
    ctx.registry.add(conn);
    // Recorded before `ready`, so whoever the client tells next finds it on any instance.
    await ctx.track(conn);
    log.debug({ user_id: viewer.userId, kind: conn.kind }, 'realtime: socket authenticated');
    send({ type: 'ready', data: { user_id: viewer.userId, connection_id: connectionId } });
  }

  async function handle(current: Connection, message: ClientMessage) {
    switch (message.type) {
      case 'ping':
        send({ type: 'pong', data: {} });
        return;
      case 'client':
        if (current.capture === message.capture) return;
        current.capture = message.capture;
        return ctx.track(current);
      case 'auth':
        log.debug('realtime: a second auth message ignored');
        return;
    }
  }

  async function onMessage(data: RawData, isBinary: boolean) {
    // Queued behind a refused auth or a close: nothing more to do for this socket.
    if (socket.readyState !== socket.OPEN) return;
    if (isBinary) {
      close(WS_CLOSE.unsupported, 'Messages are JSON text.');
      return;
    }
    const raw = rawText(data);
    if (!conn) {
      await authenticate(raw);
      return;
    }
    const parsed = clientMessageSchema.safeParse(parseJson(raw));
    if (!parsed.success) {
      // Newer clients may speak types this server does not know yet: ignore, do not disconnect.
      log.debug({ length: raw.length }, 'realtime: unknown or invalid client message ignored');
      return;
    }
    await handle(conn, parsed.data);
  }

  socket.on('message', (data, isBinary) => {
    queue = queue
      .then(() => onMessage(data, isBinary))
      .catch((err) => {
        log.error({ err }, 'realtime: handling a client message failed');
        close(WS_CLOSE.internalError, 'Internal error.');
      });
  });
  socket.on('pong', () => {
    if (conn) conn.alive = true;
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    if (conn) {
      ctx.registry.remove(conn);
      ctx.untrack(conn);
    }
  });
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
