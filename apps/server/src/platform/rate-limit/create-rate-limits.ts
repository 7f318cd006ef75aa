import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import { createRedis } from '../redis';
import { MemoryRateLimits } from './memory-rate-limits';
import { RedisRateLimits } from './redis-rate-limits';
import type { RateLimits } from './types';

/** Redis when REDIS_URL is set (limits hold across instances), else this instance's memory. */
export function createRateLimits(
  config: Pick<Config, 'REDIS_URL'>,
  ctx: { clock: Clock; log: Pick<FastifyBaseLogger, 'warn' | 'error'> },
): RateLimits {
  if (!config.REDIS_URL) return new MemoryRateLimits(ctx.clock);
  return new RedisRateLimits(createRedis(config.REDIS_URL, 'rate-limits', ctx.log), ctx.clock, ctx.log);
}
