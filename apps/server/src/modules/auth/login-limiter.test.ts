import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimits } from '../../platform/rate-limit/memory-rate-limits';
import { RedisRateLimits } from '../../platform/rate-limit/redis-rate-limits';
import type { RateLimits } from '../../platform/rate-limit/types';
import { LoginLimiter } from './login-limiter';

const redisUrl = process.env.REDIS_URL;
const silent = { error: () => {} };
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
});

/** A store on a clock the test sets (ms since the epoch). */
type Store = { clock: { t: number }; limits: RateLimits };

const stores: Array<[string, () => Store]> = [
  [
    'memory',
    () => {
      const clock = { t: 0 };
      return { clock, limits: new MemoryRateLimits({ now: () => new Date(clock.t) }) };
    },
  ],
];
if (redisUrl) {
  stores.push([
    'redis',
    () => {
      const clock = { t: 0 };
      const redis = new Redis(redisUrl);
      clients.push(redis);
      // A prefix per test, outside `vahub:rl:` (which the app-level Redis tests clear between cases).
      const prefix = `vahub-test:rl:${Math.random().toString(36).slice(2)}:`;
      return { clock, limits: new RedisRateLimits(redis, { now: () => new Date(clock.t) }, silent, prefix) };
    },
  ]);
}

describe.each(stores)('LoginLimiter on %s', (_name, makeStore) => {
  it('locks one email from one address after the limit, for the rest of the window', async () => {
    const { clock, limits } = makeStore();
    const l = new LoginLimiter(limits, 3, 60_000);
    for (let i = 0; i < 3; i++) {
      clock.t = 1000 + i;
      await l.fail('1.1.1.1', 'a@x');
    }
    clock.t = 2000;
    expect(await l.retryAfter('1.1.1.1', 'a@x')).toBe(59);
    expect(await l.retryAfter('2.2.2.2', 'a@x')).toBe(0);
    expect(await l.retryAfter('1.1.1.1', 'b@x')).toBe(0);
    clock.t = 62_000;
    expect(await l.retryAfter('1.1.1.1', 'a@x')).toBe(0);
  });

  it('locks an address that tries many emails', async () => {
    const { clock, limits } = makeStore();
    const l = new LoginLimiter(limits, 2, 60_000);
    clock.t = 1000;
    for (let i = 0; i < 8; i++) await l.fail('9.9.9.9', `u${i}@x`);
    expect(await l.retryAfter('9.9.9.9', 'fresh@x')).toBeGreaterThan(0);
  });

  it('a success clears that email', async () => {
    const { clock, limits } = makeStore();
    const l = new LoginLimiter(limits, 2, 60_000);
    await l.fail('1.1.1.1', 'a@x');
    await l.succeed('1.1.1.1', 'a@x');
    clock.t = 1;
    await l.fail('1.1.1.1', 'a@x');
    clock.t = 2;
    expect(await l.retryAfter('1.1.1.1', 'a@x')).toBe(0);
  });

  it('clear() forgets every counter', async () => {
    const { limits } = makeStore();
    const l = new LoginLimiter(limits, 1, 60_000);
    await l.fail('1.1.1.1', 'a@x');
    expect(await l.retryAfter('1.1.1.1', 'a@x')).toBeGreaterThan(0);
    await l.clear();
    expect(await l.retryAfter('1.1.1.1', 'a@x')).toBe(0);
  });
});
