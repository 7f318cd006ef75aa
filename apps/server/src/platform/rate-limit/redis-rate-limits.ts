import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';
import { type RateLimitResult, type RateLimits, rateLimitResult } from './types';

export const RATE_LIMIT_PREFIX = 'vahub:rl:';

// One round trip, atomic across instances: open a window (count 1, its end by the app's clock, expiry so
// Redis forgets it) or add one to the open window. Times travel as strings to avoid Lua's number formats.
const HIT_SCRIPT = `
local endsAt = redis.call('HGET', KEYS[1], 'e')
if endsAt == false or tonumber(ARGV[1]) >= tonumber(endsAt) then
  redis.call('HSET', KEYS[1], 'c', 1, 'e', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {1, ARGV[2]}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), endsAt}
`;

type WithHit = Redis & {
  vahubRateHit(key: string, now: string, endsAt: string, windowMs: string): Promise<[number, string]>;
};

/**
 * Counters in Redis, shared by every instance (`REDIS_URL`). When Redis cannot answer, a check lets the
 * request through and logs: an outage of the limiter must not lock everyone out of signing in.
 */
export class RedisRateLimits implements RateLimits {
  private readonly redis: WithHit;

  constructor(
    redis: Redis,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    private readonly prefix = RATE_LIMIT_PREFIX,
  ) {
    redis.defineCommand('vahubRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as WithHit;
  }

  private failOpen(op: string, key: string, err: unknown): RateLimitResult {
    this.log.error({ err, op, key }, 'rate limit store failed; request let through');
    return { allowed: true, count: 0, retryAfterSeconds: 0 };
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const now = this.clock.now().getTime();
    const windowMs = windowSeconds * 1000;
    try {
      const [count, endsAt] = await this.redis.vahubRateHit(
        this.prefix + key,
        String(now),
        String(now + windowMs),
        String(windowMs),
      );
      return rateLimitResult(Number(count), Number(endsAt), limit, now, 'hit');
    } catch (err) {
      return this.failOpen('hit', key, err);
    }
  }

  async peek(key: string, limit: number, _windowSeconds: number): Promise<RateLimitResult> {
    const now = this.clock.now().getTime();
    try {
      const [count, endsAt] = await this.redis.hmget(this.prefix + key, 'c', 'e');
      const open = endsAt !== null && now < Number(endsAt);
      return rateLimitResult(open ? Number(count) : 0, open ? Number(endsAt) : now, limit, now, 'peek');
    } catch (err) {
      return this.failOpen('peek', key, err);
    }
  }

  async reset(key: string) {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.log.error({ err, op: 'reset', key }, 'rate limit store failed');
    }
  }

  /** Deletes every counter under the prefix (SCAN, never KEYS, so a big Redis is not blocked). */
  async clear() {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}*`, 'COUNT', 500);
      if (keys.length) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
