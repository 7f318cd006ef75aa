import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimits } from '../../platform/rate-limit/memory-rate-limits';
import { RedisRateLimits } from '../../platform/rate-limit/redis-rate-limits';
import type { RateLimits } from '../../platform/rate-limit/types';
import { createRedis } from '../../platform/redis';
import { LoginLimiter, MAX_DELAY_MS } from './login-limiter';

const redisUrl = process.env.REDIS_URL;
const silent = { error: () => {}, warn: () => {} };
const clients: Array<ReturnType<typeof createRedis>> = [];
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
      const redis = createRedis(redisUrl, 'test-login-limiter', silent);
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

  /** A sign-in with a wrong password, as the grant runs it: the attempt counted, the wait, the failure. */
  const failed = async (l: LoginLimiter, ip: string, email: string) => {
    const wait = await l.attempt(email, ip);
    if (wait === 0) {
      await l.slowAccount(email);
      await l.fail(email, ip);
    }
    return wait;
  };
  /** A sign-in with the right password: the attempt counted, the wait, the success. */
  const succeeded = async (l: LoginLimiter, ip: string, email: string) => {
    const wait = await l.attempt(email, ip);
    if (wait === 0) {
      await l.slowAccount(email);
      await l.succeed(email, ip);
    }
    return wait;
  };

  it('locks one address out of one account after the limit, for the rest of the window', async () => {
    const { clock, limits } = makeStore();
    const l = limiter(limits, 3);
    for (let i = 0; i < 3; i++) {
      clock.t = 1000 + i;
      expect(await failed(l, '10.0.0.66', 'a@x')).toBe(0);
    }
    clock.t = 2000;
    expect(await l.retryAfter('a@x', '10.0.0.66')).toBe(59);
    expect(await l.attempt('a@x', '10.0.0.66')).toBe(59);
    // Neither the account from another address nor another account from this address is locked.
    expect(await l.retryAfter('a@x', '10.0.0.1')).toBe(0);
    expect(await l.retryAfter('b@x', '10.0.0.66')).toBe(0);
    clock.t = 62_000;
    expect(await l.attempt('a@x', '10.0.0.66')).toBe(0);
  });

  it('attempts sent at once cannot pass the limit together', async () => {
    const { limits } = makeStore();
    const l = limiter(limits, 3);
    const waits = await Promise.all(Array.from({ length: 10 }, () => l.attempt('a@x', '1.1.1.1')));
    expect(waits.filter((w) => w === 0)).toHaveLength(3);
  });

  it('slows an account failing from many addresses, doubling, for every address, never locking it', async () => {
    const { clock, limits } = makeStore();
    const waits: number[] = [];
    const l = limiter(limits, 2, waits);
    clock.t = 1000;
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      delays.push(await l.accountDelay('a@x'));
      expect(await failed(l, `10.0.0.${i}`, 'a@x')).toBe(0);
    }
    expect(delays).toEqual([0, 0, 100, 200, 400, 800]);
    expect(waits).toEqual([100, 200, 400, 800]);
    // The owner, from elsewhere, waits the account's delay and signs in; that clears the account.
    waits.length = 0;
    expect(await succeeded(l, '192.168.1.5', 'a@x')).toBe(0);
    expect(waits).toEqual([1600]);
    expect(await l.accountDelay('a@x')).toBe(0);
    expect(await l.accountDelay('b@x')).toBe(0);
  });

  it('holds back an address failing on many accounts, never a right password behind it', async () => {
    const { clock, limits } = makeStore();
    const waits: number[] = [];
    const l = limiter(limits, 2, waits);
    clock.t = 1000;
    for (let i = 0; i < 6; i++) await failed(l, '9.9.9.9', `u${i}@x`);
    // The failures' answers wait (from the 2nd failure on: the count reached the limit), doubling.
    expect(waits).toEqual([100, 200, 400, 800, 1600]);
    expect(await l.addressDelay('9.9.9.9')).toBe(1600);
    expect(await l.addressDelay('8.8.8.8')).toBe(0);
    // Another account's right password from the same address is answered at once.
    waits.length = 0;
    expect(await succeeded(l, '9.9.9.9', 'office@x')).toBe(0);
    expect(waits).toEqual([]);
    // One failure each: none of those accounts, nor a fresh one, is locked.
    expect(await l.retryAfter('u0@x', '9.9.9.9')).toBe(0);
    expect(await l.retryAfter('fresh@x', '9.9.9.9')).toBe(0);
  });

  it('caps the delay', async () => {
    const { limits } = makeStore();
    const l = limiter(limits, 1);
    for (let i = 0; i < 40; i++) await l.fail(`u${i}@x`, '9.9.9.9');
    expect(await l.addressDelay('9.9.9.9')).toBe(MAX_DELAY_MS);
  });

  it('a success clears the account and its address’s lock on it, not the address', async () => {
    const { clock, limits } = makeStore();
    const l = limiter(limits, 2);
    await failed(l, '1.1.1.1', 'a@x');
    await failed(l, '1.1.1.1', 'b@x');
    await succeeded(l, '1.1.1.1', 'a@x');
    clock.t = 1;
    await failed(l, '1.1.1.1', 'a@x');
    clock.t = 2;
    expect(await l.retryAfter('a@x', '1.1.1.1')).toBe(0);
    expect(await l.addressDelay('1.1.1.1')).toBe(200);
  });

  it('clear() forgets every counter', async () => {
    const { limits } = makeStore();
    const l = limiter(limits, 1);
    await failed(l, '1.1.1.1', 'a@x');
    expect(await l.retryAfter('a@x', '1.1.1.1')).toBeGreaterThan(0);
    await l.clear();
    expect(await l.retryAfter('a@x', '1.1.1.1')).toBe(0);
  });
});
