import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTokens } from '../src/modules/auth/auth.table';
import { createHarness, type Harness } from './harness';

const redisUrl = process.env.REDIS_URL;

// Two app instances on one Redis (each with its own database holding the same token, as two servers would share
// one database): a token's hourly limit counted on A is enforced on B.
describe.skipIf(!redisUrl)(
  "a token's rate limit shared through Redis (skipped: set REDIS_URL=redis://127.0.0.1:6379)",
  () => {
    let a: Harness;
    let b: Harness;
    beforeAll(async () => {
      a = await createHarness({ REDIS_URL: redisUrl ?? '', API_TOKEN_RATE_LIMIT: '5' });
      b = await createHarness({ REDIS_URL: redisUrl ?? '', API_TOKEN_RATE_LIMIT: '5' });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });
    beforeEach(async () => {
      await a.reset();
      await b.reset();
      for (const h of [a, b]) {
        await h.createUser({ email: 'amy@example.com', roles: ['va'] });
        h.clock.set('2026-03-02T09:30:00Z');
      }
    });

    it('the 6th call on B after 5 on A is 429, with the headers', async () => {
      const made = await a.app.inject({
        method: 'POST',
        url: '/api/v1/tokens',
        headers: await a.bearer('amy@example.com'),
        payload: { name: 'shared', scopes: ['read'] },
      });
      expect(made.statusCode).toBe(201);
      const token: string = made.json().token;
      // The same row in B's database (the same user id: both worlds were made alike).
      const [row] = await a.db.select().from(apiTokens);
      await b.db.insert(apiTokens).values(row);

      const call = (h: Harness) =>
        h.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
      for (let i = 1; i <= 5; i++) {
        const res = await call(i % 2 ? a : b);
        expect(res.statusCode).toBe(200);
        expect(res.headers['ratelimit-remaining']).toBe(String(5 - i));
      }
      const refused = await call(b);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('1800');
      expect(refused.headers['ratelimit-limit']).toBe('5');
      expect(refused.headers['ratelimit-reset']).toBe('1800');
    });
  },
);
