import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimits } from './memory-rate-limits';
import { RATE_LIMIT_PREFIX, RedisRateLimits } from './redis-rate-limits';
import type { RateLimits } from './types';

const redisUrl = process.env.REDIS_URL;
const silent = { error: () => {} };
const testPrefix = () => `vahub-test:rl:${Math.random().toString(36).slice(2)}:`;
const clients: Redis[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
});

type Made = { clock: { t: number }; limits: RateLimits; another: () => RateLimits };

function memory(): Made {
  const clock = { t: 1_000_000 };
  const limits = new MemoryRateLimits({ now: () => new Date(clock.t) });
  return { clock, limits, another: () => limits };
}

function redis(): Made {
  const clock = { t: 1_000_000 };
  // Outside `vahub:rl:`: the app-level Redis tests clear that whole prefix between cases.
  const prefix = testPrefix();
  const connect = () => {
    const client = new Redis(redisUrl ?? '');
    clients.push(client);
    return new RedisRateLimits(client, { now: () => new Date(clock.t) }, silent, prefix);
  };
  return { clock, limits: connect(), another: connect };
}

function contract(make: () => Made) {
  it('counts hits in a window and refuses past the limit, with the time left', async () => {
    const { clock, limits } = make();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limits.hit('k', 3, 60));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(results[3].retryAfterSeconds).toBe(60);
    clock.t += 20_500;
    const later = await limits.hit('k', 3, 60);
    expect(later).toMatchObject({ allowed: false, count: 5, retryAfterSeconds: 40 });
    expect((await limits.hit('other', 3, 60)).count).toBe(1);
  });

  it('peek reads without counting and says whether a next hit would pass', async () => {
    const { limits } = make();
    expect(await limits.peek('k', 2, 60)).toEqual({ allowed: true, count: 0, retryAfterSeconds: 0 });
    await limits.hit('k', 2, 60);
    expect(await limits.peek('k', 2, 60)).toMatchObject({ allowed: true, count: 1 });
    await limits.hit('k', 2, 60);
    expect(await limits.peek('k', 2, 60)).toMatchObject({ allowed: false, count: 2, retryAfterSeconds: 60 });
    expect((await limits.peek('k', 2, 60)).count).toBe(2);
  });

  it('a new window opens once the last one has passed', async () => {
    const { clock, limits } = make();
    await limits.hit('k', 1, 60);
    await limits.hit('k', 1, 60);
    clock.t += 59_999;
    expect((await limits.peek('k', 1, 60)).allowed).toBe(false);
    clock.t += 1;
    expect(await limits.peek('k', 1, 60)).toMatchObject({ allowed: true, count: 0 });
    expect(await limits.hit('k', 1, 60)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 0 });
  });

  it('reset forgets one key, clear forgets all', async () => {
    const { limits } = make();
    await limits.hit('a', 1, 60);
    await limits.hit('b', 1, 60);
    await limits.reset('a');
    expect((await limits.peek('a', 1, 60)).count).toBe(0);
    expect((await limits.peek('b', 1, 60)).count).toBe(1);
    await limits.clear();
    expect((await limits.peek('b', 1, 60)).count).toBe(0);
  });

  it('two stores on the same backing share counts', async () => {
    const { limits, another } = make();
    const other = another();
    for (let i = 0; i < 3; i++) await limits.hit('shared', 3, 60);
    expect((await other.hit('shared', 3, 60)).allowed).toBe(false);
  });
}

describe('MemoryRateLimits', () => {
  contract(memory);
});

describe.skipIf(!redisUrl)('RedisRateLimits (skipped: set REDIS_URL=redis://127.0.0.1:6379 to run)', () => {
  contract(redis);

  it('counts atomically under concurrent hits', async () => {
    const { limits, another } = redis();
    const other = another();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? limits : other).hit('burst', 30, 60)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });

  it('keys carry the prefix and expire with their window', async () => {
    expect(RATE_LIMIT_PREFIX).toBe('vahub:rl:');
    const client = new Redis(redisUrl ?? '');
    clients.push(client);
    const prefix = testPrefix();
    const limits = new RedisRateLimits(client, { now: () => new Date() }, silent, prefix);
    await limits.hit('ttl', 5, 30);
    const ttl = await client.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    await limits.clear();
    expect(await client.exists(`${prefix}ttl`)).toBe(0);
  });

  it('lets requests through and logs when Redis does not answer', async () => {
    const errors: unknown[] = [];
    const client = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: true });
    client.on('error', () => {});
    clients.push(client);
    const limits = new RedisRateLimits(
      client,
      { now: () => new Date() },
      { error: (o: unknown) => errors.push(o) },
    );
    expect(await limits.hit('k', 1, 60)).toEqual({ allowed: true, count: 0, retryAfterSeconds: 0 });
    expect((await limits.peek('k', 1, 60)).allowed).toBe(true);
    expect(errors).toHaveLength(2);
    client.disconnect();
  });
});
