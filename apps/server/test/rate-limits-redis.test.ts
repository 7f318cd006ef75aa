import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT, createHarness, type Harness, PASSWORD } from './harness';

const redisUrl = process.env.REDIS_URL;

// Two app instances (each with its own database, as two servers would share one in production) on one
// Redis: what one instance counts, the other enforces.
describe.skipIf(!redisUrl)(
  'limits shared through Redis (skipped: set REDIS_URL=redis://127.0.0.1:6379)',
  () => {
    let a: Harness;
    let b: Harness;
    beforeAll(async () => {
      a = await createHarness({ REDIS_URL: redisUrl ?? '' });
      b = await createHarness({ REDIS_URL: redisUrl ?? '' });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });
    beforeEach(async () => {
      await a.reset();
      await b.reset();
      for (const h of [a, b]) await h.createUser({ email: 'amy@example.com', roles: ['va'] });
    });

    const grant = (h: Harness, password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: { grant_type: 'password', ...CLIENT, username: 'amy@example.com', password },
      });

    it('uses the Redis store', () => {
      expect(a.deps.rateLimits.constructor.name).toBe('RedisRateLimits');
    });

    it('the 6th failed sign-in on B after 5 on A is refused, until the window passes', async () => {
      for (let i = 0; i < 5; i++) expect((await grant(a, 'bad-pass')).statusCode).toBe(400);
      const refused = await grant(b, PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
      expect(refused.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minute(s).');
      for (const h of [a, b]) h.clock.advance(15 * 60_000);
      expect((await grant(b, PASSWORD)).statusCode).toBe(200);
    });

    it('a success on one instance clears that email for the other', async () => {
      for (let i = 0; i < 4; i++) expect((await grant(a, 'bad-pass')).statusCode).toBe(400);
      expect((await grant(b, PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await grant(a, 'bad-pass')).statusCode).toBe(400);
      expect((await grant(a, PASSWORD)).statusCode).toBe(200);
    });

    it('sign-up attempts are counted across instances', async () => {
      const payload = {
        company_name: 'Acme',
        first_name: 'Rosa',
        last_name: 'Diaz',
        email: 'amy@example.com',
        password: 'longenough1',
        password_confirmation: 'longenough1',
        timezone: 'UTC',
      };
      for (let i = 0; i < 10; i++) {
        const h = i % 2 ? a : b;
        // The first registers the agency; the next ones name a taken email and answer the same (no enumeration).
        expect((await h.app.inject({ method: 'POST', url: '/api/v1/register', payload })).statusCode).toBe(
          201,
        );
      }
      const res = await a.app.inject({ method: 'POST', url: '/api/v1/register', payload });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('3600');
    });
  },
);
