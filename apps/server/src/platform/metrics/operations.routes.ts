import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { MIGRATIONS_DIR } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { App, Deps } from '../../lib/types';
import { bearerMatches } from '../backup/ops.routes';
import { createRedis } from '../redis';
import type { createMetrics } from './metrics';

const CHECK_TIMEOUT_MS = 3000;

async function check(what: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    });
    return await Promise.race([what().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/ready`, the readiness probe: 503 until the database answers with every migration of this version
 * applied, the file store answers and (with REDIS_URL) Redis answers; then 200. `GET /api/metrics`: Prometheus
 * text, 404 unless METRICS_TOKEN is set, then 401 without that bearer token.
 */
export function operationsRoutes(app: App, deps: Deps, metrics: ReturnType<typeof createMetrics> | null) {
  const expected = (
    JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  let migrated = false;
  let redis: Redis | null = null;
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get('/api/ready', { schema: { hide: true } }, async (_request, reply) => {
    const database = await check(async () => {
      if (!(await deps.database.ping())) throw new Error('no answer');
      if (migrated) return;
      const result = (await deps.database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: Array<{ n: number }> };
      if (result.rows[0].n < expected) throw new Error('migrations pending');
      migrated = true;
    });
    const storage = await check(async () => {
      const object = await deps.storage.get('ready/probe');
      object?.body.destroy();
    });
    const checks: Record<string, boolean> = { database, storage };
    if (deps.config.REDIS_URL) {
      redis ??= createRedis(deps.config.REDIS_URL, 'ready', deps.log);
      const client = redis;
      checks.redis = await check(() => client.ping());
    }
    const ready = Object.values(checks).every(Boolean);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unready', checks });
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = deps.config.METRICS_TOKEN;
    if (!metrics || !token) throw notFound();
    if (!bearerMatches(request.headers.authorization, token))
      throw new AppError(
        'unauthenticated',
        'The metrics need the bearer token of METRICS_TOKEN.',
        undefined,
        {
          'www-authenticate': 'Bearer',
        },
      );
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
