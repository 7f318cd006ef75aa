import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimits } from '../../platform/rate-limit/memory-rate-limits';
import { RedisRateLimits } from '../../platform/rate-limit/redis-rate-limits';
import type { RateLimits } from '../../platform/rate-limit/types';
import { LoginLimiter, MAX_DELAY_MS } from './login-limiter';

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
  const limiter = (limits: RateLimits, maxFailures: number, waits: number[] = []) =>
    new LoginLimiter(limits, {
      maxFailures,
      windowMs: 60_000,
      delayMs: 100,
      wait: async (ms) => waits.push(ms),
    });

  /** A sign-in with a wrong password, as the grant runs it: the attempt counted, then the failure. */
  const failed = async (l: LoginLimiter, ip: string, email: string) => {
    const wait = await l.attempt(email);
    await l.fail(ip);
    return wait;
  };

  it('locks an account after the limit, whatever the addresses, for the rest of the window', async () => {
    const { clock, limits } = makeStore();
    const l = limiter(limits, 3);
    for (let i = 0; i < 3; i++) {
      clock.t = 1000 + i;
      expect(await failed(l, `10.0.0.${i}`, 'a@x')).toBe(0);
    }
    clock.t = 2000;
    expect(await l.retryAfter('a@x')).toBe(59);
    expect(await l.attempt('a@x')).toBe(59);
    expect(await l.retryAfter('b@x')).toBe(0);
    clock.t = 62_000;
    expect(await l.attempt('a@x')).toBe(0);
  });

  it('attempts sent at once cannot pass the limit together', async () => {
    const { limits } = makeStore();
    const l = limiter(limits, 3);
    const waits = await Promise.all(Array.from({ length: 10 }, () => l.attempt('a@x')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });

  it('slows an address that fails on many accounts, doubling, never locking another account', async () => {
    const { clock, limits } = makeStore();
    const waits: number[] = [];
    const l = limiter(limits, 2, waits);
    clock.t = 1000;
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      await l.slowDown('9.9.9.9');
      delays.push(await l.delayFor('9.9.9.9'));
      await failed(l, '9.9.9.9', `u${i}@x`);
    }
    expect(delays).toEqual([0, 0, 100, 200, 400, 800]);
    expect(waits).toEqual([100, 200, 400, 800]);
    expect(await l.delayFor('8.8.8.8')).toBe(0);
    // One failure each: none of those accounts, nor a fresh one, is locked.
    expect(await l.retryAfter('u0@x')).toBe(0);
    expect(await l.retryAfter('fresh@x')).toBe(0);
  });

  it('caps the delay', async () => {
    const { limits } = makeStore();
    const l = limiter(limits, 1);
    for (let i = 0; i < 40; i++) await l.fail('9.9.9.9');
    expect(await l.delayFor('9.9.9.9')).toBe(MAX_DELAY_MS);
  });

  it('a success clears the account, not the address', async () => {
    const { clock, limits } = makeStore();
    const l = limiter(limits, 2);
    await failed(l, '1.1.1.1', 'a@x');
    await failed(l, '1.1.1.1', 'b@x');
    await l.succeed('a@x');
    clock.t = 1;
    await failed(l, '1.1.1.1', 'a@x');
    clock.t = 2;
    expect(await l.retryAfter('a@x')).toBe(0);
    expect(await l.delayFor('1.1.1.1')).toBe(200);
  });

  it('clear() forgets every counter', async () => {
    const { limits } = makeStore();
    const l = limiter(limits, 1);
    await failed(l, '1.1.1.1', 'a@x');
    expect(await l.retryAfter('a@x')).toBeGreaterThan(0);
    await l.clear();
    expect(await l.retryAfter('a@x')).toBe(0);
  });
});
