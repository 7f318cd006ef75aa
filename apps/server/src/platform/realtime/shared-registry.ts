import type { ClientKind } from '@vahub/shared/realtime/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ConnectionInfo } from './types';

/**
 * Which sockets each user holds on any instance, so "can a tracker of this VA capture now?" has the same
 * answer whichever instance is asked. One Redis hash per user, a field per connection. Each instance
 * rewrites its own entries at every heartbeat; an entry not rewritten for 2.5 heartbeats (its instance
 * died without cleaning up) is ignored and removed, and a user's hash expires after 3 heartbeats of silence.
 */
export type SharedRegistry = {
  put(conn: ConnectionInfo): Promise<void>;
  remove(conn: ConnectionInfo): void;
  refresh(conns: ConnectionInfo[]): Promise<void>;
  list(userId: number): Promise<ConnectionInfo[]>;
};

type Entry = Omit<ConnectionInfo, 'connectedAt'> & { connectedAt: string; seenAt: number };

export function createSharedRegistry(opts: {
  redis: Redis;
  prefix: string;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}): SharedRegistry {
  const { redis, log } = opts;
  const key = (userId: number) => `${opts.prefix}:connections:${userId}`;
  const ttlMs = opts.heartbeatMs * 3;
  const staleMs = Math.round(opts.heartbeatMs * 2.5);
  // Wall time on purpose: liveness is about real seconds, whatever clock the app runs on.
  const entry = (c: ConnectionInfo, seenAt: number): string =>
    JSON.stringify({
      connectionId: c.connectionId,
      userId: c.userId,
      organizationId: c.organizationId,
      sessionId: c.sessionId,
      kind: c.kind,
      capture: c.capture,
      connectedAt: c.connectedAt.toISOString(),
      seenAt,
    } satisfies Entry);

  return {
    async put(conn) {
      try {
        await redis
          .multi()
          .hset(key(conn.userId), conn.connectionId, entry(conn, Date.now()))
          .pexpire(key(conn.userId), ttlMs)
          .exec();
      } catch (err) {
        log.warn({ err, user_id: conn.userId }, 'realtime: recording a connection in Redis failed');
      }
    },
    remove(conn) {
      redis.hdel(key(conn.userId), conn.connectionId).catch((err) => {
        log.warn({ err, user_id: conn.userId }, 'realtime: removing a connection from Redis failed');
      });
    },
    async refresh(conns) {
      if (!conns.length) return;
      const now = Date.now();
      const batch = redis.pipeline();
      for (const c of conns)
        batch.hset(key(c.userId), c.connectionId, entry(c, now)).pexpire(key(c.userId), ttlMs);
      try {
        await batch.exec();
      } catch (err) {
        log.warn({ err, sockets: conns.length }, 'realtime: refreshing connections in Redis failed');
      }
    },
    async list(userId) {
      const raw = await redis.hgetall(key(userId));
      const now = Date.now();
      const live: ConnectionInfo[] = [];
      const stale: string[] = [];
      for (const [field, value] of Object.entries(raw)) {
        const e = parse(value);
        if (!e || now - e.seenAt > staleMs) stale.push(field);
        else live.push({ ...e, connectedAt: new Date(e.connectedAt) });
      }
      if (stale.length) redis.hdel(key(userId), ...stale).catch(() => {});
      return live;
    },
  };
}

function parse(value: string): Entry | null {
  try {
    const e = JSON.parse(value) as Entry & { seenAt?: unknown };
    if (typeof e.connectionId !== 'string' || typeof e.seenAt !== 'number') return null;
    return {
      connectionId: e.connectionId,
      userId: Number(e.userId),
      organizationId: Number(e.organizationId),
      sessionId: String(e.sessionId),
      kind: e.kind as ClientKind,
      capture: e.capture === true,
      connectedAt: String(e.connectedAt),
      seenAt: e.seenAt,
    };
  } catch {
    return null;
  }
}
