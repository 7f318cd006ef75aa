import { randomUUID } from 'node:crypto';
import type { Role } from '@vahub/shared/auth/roles';
import { WS_CLOSE } from '@vahub/shared/realtime/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { attachSocket, type Viewer } from './connection';
import { createLocalFanOut, createRedisFanOut, type FanOut } from './fan-out';
import { type Connection, ConnectionRegistry, type Recipients } from './registry';
import { createSharedRegistry } from './shared-registry';
import type { Audience, ConnectionInfo, Realtime } from './types';

/** What a live session looks like at a heartbeat check: its user's current roles. */
export type LiveSession = { roles: Role[] };

const SESSIONS_PER_QUERY = 10_000;

export type RealtimeOptions = {
  log: FastifyBaseLogger;
  /** Set: fan out through Redis pub/sub so every instance delivers to its own sockets. */
  redisUrl?: string;
  /** The Redis channel (default `vahub:realtime`); tests and installations sharing a Redis set their own. */
  redisChannel?: string;
  /** Resolves the auth message's access token to a live session of an active user, or throws. */
  authenticate(token: string): Promise<Viewer>;
  /** Everyone of the organization who may see this VA (one query; lives with the access rules). */
  usersWhoSeeVa(organizationId: number, vaId: number): Promise<number[]>;
  /** Of these sessions, the ones still live (not revoked, not expired, user active), in one query. */
  liveSessions(sessionIds: string[]): Promise<Map<string, LiveSession>>;
  clock?: () => Date;
  /** Ping frames and session checks; 30 s by default. */
  heartbeatMs?: number;
  /** How long a new socket may take to send its auth message; 10 s by default. */
  authTimeoutMs?: number;
  /** How long shutdown waits for sockets to finish their close handshake; 2 s by default. */
  closeGraceMs?: number;
};

export type RealtimeService = Realtime & {
  readonly instanceId: string;
  readonly fanOut: FanOut['kind'];
  /** Subscribes to the other instances (awaited before the server listens). */
  start(): Promise<void>;
  /** Hands a freshly upgraded socket to the protocol. */
  attach(socket: WebSocket, remote?: string): void;
  /** Runs one heartbeat tick now (tests; the timer runs it every `heartbeatMs`). */
  tick(): Promise<void>;
  /** Authenticated sockets on this instance. */
  readonly size: number;
};

export function createRealtime(opts: RealtimeOptions): RealtimeService {
  const log = opts.log;
  const instanceId = randomUUID();
  const clock = opts.clock ?? (() => new Date());
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const registry = new ConnectionRegistry();
  /** Every socket, authenticated or not, so shutdown reaches those still authenticating too. */
  const sockets = new Set<WebSocket>();
  let closing = false;
  let checking = false;

  const dropSlow = (conn: Connection) => {
    log.warn({ user_id: conn.userId, connection_id: conn.connectionId }, 'realtime: slow socket dropped');
    registry.remove(conn);
    conn.socket.terminate();
  };
  const deliverLocal = (to: Recipients, payload: string) => registry.deliver(to, payload, dropSlow);

  const fanOut: FanOut = opts.redisUrl
    ? createRedisFanOut({
        url: opts.redisUrl,
        channel: opts.redisChannel,
        instanceId,
        log,
        deliver: deliverLocal,
      })
    : createLocalFanOut();
  // With Redis, who is connected is answered across instances; alone, the local registry is the truth.
  const shared = fanOut.redis
    ? createSharedRegistry({ redis: fanOut.redis.commands, prefix: fanOut.redis.prefix, heartbeatMs, log })
    : null;
  const info = ({ socket: _s, roles: _r, alive: _a, ...rest }: Connection): ConnectionInfo => rest;

  async function resolve(audience: Audience): Promise<Recipients | null> {
    if ('userIds' in audience) {
      return audience.userIds.length ? { organizationId: null, userIds: audience.userIds } : null;
    }
    if ('roles' in audience) {
      return audience.roles.length
        ? { organizationId: audience.organizationId, roles: [...audience.roles] }
        : null;
    }
    const userIds = await opts.usersWhoSeeVa(audience.organizationId, audience.aboutVa);
    return userIds.length ? { organizationId: audience.organizationId, userIds } : null;
  }

  /** A socket that missed its pong: tell it why when the link still carries a frame, then cut it. */
  function closeDead(conn: Connection) {
    registry.remove(conn);
    conn.socket.close(WS_CLOSE.timeout, 'Heartbeat missed.');
    setTimeout(() => conn.socket.terminate(), 1000).unref();
  }

  /** Sign-out, "revoke sessions" and deactivation reach open sockets here, at the latest one tick later. */
  async function checkSessions() {
    if (checking || registry.size === 0) return;
    checking = true;
    try {
      // Only the sockets of this snapshot are judged: one authenticated during the query is not in it.
      const checked = [...registry.all()];
      const ids = [...new Set(checked.map((c) => c.sessionId))];
      const live = new Map<string, LiveSession>();
      // One query per tick; split only past what one statement may carry as parameters.
      for (let i = 0; i < ids.length; i += SESSIONS_PER_QUERY) {
        for (const [id, session] of await opts.liveSessions(ids.slice(i, i + SESSIONS_PER_QUERY))) {
          live.set(id, session);
        }
      }
      for (const conn of checked) {
        if (!registry.has(conn)) continue;
        const session = live.get(conn.sessionId);
        if (!session) {
          registry.remove(conn);
          conn.socket.close(WS_CLOSE.unauthenticated, 'Your session has ended.');
        } else {
          // Roles changed since sign-in (a manager who is no longer one): deliver by the current ones.
          conn.roles = session.roles;
        }
      }
    } catch (err) {
      // A database hiccup must not disconnect everyone: keep the sockets, check again next tick.
      log.warn({ err, sockets: registry.size }, 'realtime: session check failed');
    } finally {
      checking = false;
    }
  }

  async function tick() {
    for (const conn of [...registry.all()]) {
      if (!conn.alive) {
        closeDead(conn);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
    await Promise.all([checkSessions(), shared?.refresh([...registry.all()].map(info))]);
  }

  const timer = setInterval(() => void tick(), heartbeatMs);
  timer.unref();

  const service: RealtimeService = {
    instanceId,
    fanOut: fanOut.kind,
    get size() {
      return registry.size;
    },
    start: () => fanOut.start(),
    tick,
    attach(socket, remote) {
      if (closing) {
        socket.close(WS_CLOSE.restarting, 'The server is restarting.');
        return;
      }
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      attachSocket(
        {
          registry,
          log,
          authTimeoutMs: opts.authTimeoutMs ?? 10_000,
          authenticate: opts.authenticate,
          track: async (conn) => shared?.put(info(conn)),
          untrack: (conn) => shared?.remove(info(conn)),
          isClosing: () => closing,
          clock,
        },
        socket,
        remote,
      );
    },
    async publish(message, audience) {
      if (closing) return;
      const to = await resolve(audience);
      if (!to) return;
      const payload = JSON.stringify(message);
      deliverLocal(to, payload);
      await fanOut.publish({ origin: instanceId, to, payload });
    },
    publishAfterCommit(uow, message, audience) {
      uow.afterCommit(() => service.publish(message, audience));
    },
    async connectionsOf(userId): Promise<ConnectionInfo[]> {
      return shared ? shared.list(userId) : registry.ofUser(userId).map(info);
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(timer);
      const open = [...sockets];
      for (const socket of open) socket.close(WS_CLOSE.restarting, 'The server is restarting.');
      await waitClosed(open, opts.closeGraceMs ?? 2000);
      await fanOut.close();
    },
  };
  return service;
}

/** Waits for the close handshakes, then cuts whatever did not answer, so shutdown stays bounded. */
async function waitClosed(sockets: WebSocket[], graceMs: number): Promise<void> {
  const pending = sockets.filter((s) => s.readyState !== s.CLOSED);
  if (!pending.length) return;
  await Promise.race([
    Promise.all(pending.map((s) => new Promise<void>((done) => s.once('close', () => done())))),
    new Promise<void>((done) => setTimeout(done, graceMs).unref()),
  ]);
  for (const s of pending) if (s.readyState !== s.CLOSED) s.terminate();
}
