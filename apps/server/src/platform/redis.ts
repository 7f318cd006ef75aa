import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis connection for one purpose (`name` shows in logs and in `CLIENT LIST`). Pub/sub needs a
 * connection of its own, so realtime and rate limits each open one. Errors are logged, and ioredis
 * reconnects by itself.
 */
export function createRedis(url: string, name: string, log: Pick<FastifyBaseLogger, 'warn'>): Redis {
  const redis = new Redis(url, {
    connectionName: `vahub:${name}`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  let reported = false;
  redis.on('error', (err) => {
    if (reported) return;
    reported = true;
    log.warn({ err, redis: name }, 'Redis connection failed; retrying');
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}
