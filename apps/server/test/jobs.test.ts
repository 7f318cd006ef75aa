import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBossDb } from '../src/platform/jobs/boss-db';
import { createJobs, type JobsSettings, retryOnDeadlock } from '../src/platform/jobs/pg-boss-jobs';
import type { Jobs } from '../src/platform/jobs/types';
import { deferred, eventually, jobReaching, jobRow } from './background';
import { createHarness, type Harness } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let h: Harness;
let jobs: Jobs;
beforeAll(async () => {
  h = await createHarness();
  jobs = h.deps.jobs;
});
afterAll(() => h?.close());

/** A second job runner on the test's database, as another server instance would be. */
async function runner(settings: Partial<JobsSettings> = {}) {
  const other = createJobs(h.deps.database, h.deps.log, {
    enabled: true,
    pollingIntervalSeconds: 0.5,
    ...settings,
  });
  return other;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await h.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('jobs', () => {
  it('a job sent in a transaction that rolls back never exists; one that commits runs', async () => {
    const seen: string[] = [];
    jobs.work<{ n: string }>('test.tx', async (job) => {
      seen.push(job.data.n);
    });
    let lostId: string | null = null;
    await expect(
      h.deps.transaction(async (uow) => {
        lostId = await jobs.send(uow, 'test.tx', { n: 'rolled back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(lostId).toBeTruthy();
    expect(await jobRow(h.db, lostId!)).toBeNull();

    const id = await h.deps.transaction((uow) => jobs.send(uow, 'test.tx', { n: 'committed' }));
    await jobReaching(h.db, id!, 'completed');
    const direct = await jobs.send(null, 'test.tx', { n: 'without a transaction' });
    await jobReaching(h.db, direct!, 'completed');
    expect(seen).toEqual(['committed', 'without a transaction']);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'test.tx'`,
    );
    expect(n).toBe(2);
  });

  it('a queue first used inside a transaction exists only if that transaction commits', async () => {
    await expect(
      h.deps.transaction(async (uow) => {
        await jobs.send(uow, 'test.fresh', { n: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rows(sql`select name from pgboss.queue where name = 'test.fresh'`)).toEqual([]);
    const id = await h.deps.transaction((uow) => jobs.send(uow, 'test.fresh', { n: 2 }));
    expect(await jobRow(h.db, id!)).toMatchObject({ state: 'created' });
  });

  it('a failing job is retried up to its limit, then fails with the error', async () => {
    const runs: Array<{ retryCount: number; retryLimit: number }> = [];
    jobs.work(
      'test.retry',
      async (job) => {
        runs.push({ retryCount: job.retryCount, retryLimit: job.retryLimit });
        throw new Error(`refused on run ${job.retryCount + 1}`);
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    const id = await jobs.send(null, 'test.retry', {});
    const row = await jobReaching(h.db, id!, 'failed');
    expect(runs).toEqual([
      { retryCount: 0, retryLimit: 2 },
      { retryCount: 1, retryLimit: 2 },
      { retryCount: 2, retryLimit: 2 },
    ]);
    expect(row.output).toMatchObject({ message: 'refused on run 3' });
  });

  it('a retry with backoff waits before it runs again, then succeeds', async () => {
    let calls = 0;
    jobs.work('test.backoff', async () => {
      calls++;
      if (calls === 1) throw new Error('first run fails');
    });
    const id = await jobs.send(
      null,
      'test.backoff',
      {},
      { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
    );
    const retrying = await jobReaching(h.db, id!, 'retry');
    // The retry is due later than the failed run started: the delay (with backoff jitter) is in the row.
    expect(new Date(retrying.start_after).getTime()).toBeGreaterThan(
      new Date(retrying.started_on!).getTime(),
    );
    const done = await jobReaching(h.db, id!, 'completed');
    expect(done.retry_count).toBe(1);
    expect(calls).toBe(2);
  });

  it('a short queue keeps one queued job per singleton key', async () => {
    jobs.work('test.single', async () => {}, { policy: 'short' });
    const later = new Date(Date.now() + 3600_000);
    const first = await jobs.send(
      null,
      'test.single',
      { n: 1 },
      { singletonKey: 'org-1', startAfter: later },
    );
    const again = await jobs.send(
      null,
      'test.single',
      { n: 2 },
      { singletonKey: 'org-1', startAfter: later },
    );
    const other = await jobs.send(
      null,
      'test.single',
      { n: 3 },
      { singletonKey: 'org-2', startAfter: later },
    );
    expect(first).toBeTruthy();
    expect(again).toBeNull();
    expect(other).toBeTruthy();
    const inTx = await h.deps.transaction((uow) =>
      jobs.send(uow, 'test.single', { n: 4 }, { singletonKey: 'org-1', startAfter: later }),
    );
    expect(inTx).toBeNull();
  });

  it('a job that outlives its expiry is failed (and would be retried)', async () => {
    const hang = deferred();
    jobs.work('test.expire', () => hang.promise, { expireInSeconds: 1, retryLimit: 0 });
    const id = await jobs.send(null, 'test.expire', {});
    const row = await jobReaching(h.db, id!, 'failed');
    expect(String(row.output?.message)).toContain('exceeded');
    hang.resolve();
  });

  it('an instance with JOBS_ENABLED=false sends jobs and keeps schedules but runs neither', async () => {
    const off = await runner({ enabled: false });
    const offRuns: unknown[] = [];
    off.work('test.off', async (job) => {
      offRuns.push(job);
    });
    off.schedule('test.off', '* * * * *');
    await off.start();
    const on = await runner();
    const onRuns: unknown[] = [];
    try {
      const id = await off.send(null, 'test.off', { n: 1 });
      expect(await jobRow(h.db, id!)).toMatchObject({ state: 'created' });
      expect(await rows(sql`select name from pgboss.schedule where name = 'test.off'`)).toEqual([]);
      on.work('test.off', async (job) => {
        onRuns.push(job.data);
      });
      await on.start();
      await jobReaching(h.db, id!, 'completed');
      expect(onRuns).toEqual([{ n: 1 }]);
      expect(offRuns).toEqual([]);
    } finally {
      await Promise.all([off.stop(), on.stop()]);
    }
  });

  it('stop lets an active job finish and record its completion', async () => {
    const other = await runner();
    const started = deferred();
    const gate = deferred();
    other.work('test.stop', async () => {
      started.resolve();
      await gate.promise;
    });
    await other.start();
    const id = await other.send(null, 'test.stop', {});
    await started.promise;
    const stopping = other.stop();
    gate.resolve();
    await stopping;
    expect(await jobRow(h.db, id!)).toMatchObject({ state: 'completed' });
  });

  it('a failed completion (which pg-boss does not await) is logged, never an unhandled rejection', async () => {
    // pg-boss's own SQL, so a pg-boss upgrade that changes it fails here rather than in production.
    const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<
      string,
      (schema: string) => string
    >;
    const adapter = createBossDb(h.deps.database, h.deps.log);
    try {
      const id = '00000000-0000-0000-0000-000000000000';
      // The schema does not exist, so every one of these queries fails.
      await expect(adapter.executeSql(plans.completeJobs('missing'), ['q', [id], null])).resolves.toEqual({
        rows: [{ count: 0 }],
      });
      await expect(adapter.executeSql(plans.failJobsById('missing'), ['q', [id], null])).resolves.toEqual({
        rows: [{ count: 0 }],
      });
      await expect(adapter.executeSql(plans.getJobById('missing'), ['q', id])).rejects.toThrow();
    } finally {
      await adapter.close(0);
    }
  });

  it.skipIf(!onPostgres)('keeps running jobs after PostgreSQL drops every connection', async () => {
    const seen: number[] = [];
    jobs.work<{ n: number }>('test.reconnect', async (job) => {
      seen.push(job.data.n);
    });
    const first = await jobs.send(null, 'test.reconnect', { n: 1 });
    await jobReaching(h.db, first!, 'completed');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const [{ name }] = await rows<{ name: string }>(sql`select current_database() as name`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    // The first query on a dropped connection may fail; the pools replace their connections.
    const second = await eventually('a send after the drop', () =>
      jobs.send(null, 'test.reconnect', { n: 2 }).catch(() => null),
    );
    await eventually(
      'the job after the drop',
      async () => (await jobRow(h.db, second).catch(() => null))?.state === 'completed',
    );
    expect(seen).toEqual([1, 2]);
  });

  it('a queue created before takes the settings its module declares now', async () => {
    const first = await runner();
    first.work('test.settings', async () => {}, { retryLimit: 1, expireInSeconds: 60 });
    await first.start();
    await first.stop();
    const second = await runner();
    second.work('test.settings', async () => {}, { retryLimit: 4, expireInSeconds: 120, policy: 'short' });
    await second.start();
    try {
      const [queue] = await rows<{ retry_limit: number; expire_seconds: number; policy: string }>(
        sql`select retry_limit, expire_seconds, policy from pgboss.queue where name = 'test.settings'`,
      );
      expect(queue).toEqual({ retry_limit: 4, expire_seconds: 120, policy: 'short' });
    } finally {
      await second.stop();
    }
  });

  it('a deadlock is tried again (its transaction was rolled back); any other error is not', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let calls = 0;
    const retries: number[] = [];
    const result = await retryOnDeadlock(
      async () => {
        calls++;
        if (calls < 3) throw deadlock;
        return 'created';
      },
      (_err, attempt) => retries.push(attempt),
    );
    expect(result).toBe('created');
    expect(retries).toEqual([1, 2]);

    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryOnDeadlock(
        () => Promise.reject(unique),
        () => retries.push(0),
      ),
    ).rejects.toBe(unique);
    await expect(
      retryOnDeadlock(
        () => Promise.reject(deadlock),
        () => {},
        3,
      ),
    ).rejects.toBe(deadlock);
    expect(retries).toEqual([1, 2]);
  });

  // Two server instances started together on an empty database (the scale bench does this) once deadlocked
  // in queue creation: each creates the same partitions while the other updates queue rows and fetches jobs.
  it.skipIf(!onPostgres)('instances starting together create their queues and all start', async () => {
    const prefix = `test.together.${Date.now()}`;
    const queues = Array.from({ length: 12 }, (_, i) => `${prefix}.${i}`);
    const runners = await Promise.all([runner(), runner(), runner()]);
    for (const r of runners) {
      for (const [i, queue] of queues.entries()) r.work(queue, async () => {}, { retryLimit: i % 3 });
    }
    try {
      await Promise.all(runners.map((r) => r.start()));
      const created = await rows<{ name: string }>(
        sql`select name from pgboss.queue where name like ${`${prefix}.%`}`,
      );
      expect(created.map((q) => q.name).sort()).toEqual([...queues].sort());
      await runners[0].send(null, queues[5], { n: 1 });
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  });

  // PGlite is one in-process database: two runners on it are not two instances racing for a tick.
  it.skipIf(!onPostgres)('a cron schedule runs once per tick with two runners on one database', async () => {
    const runs: string[] = [];
    const fast = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
    const [a, b] = [await runner(fast), await runner(fast)];
    for (const [who, r] of [
      ['a', a],
      ['b', b],
    ] as const) {
      r.work('test.cron', async (job) => {
        runs.push(`${who}:${job.id}`);
      });
      r.schedule('test.cron', '* * * * *');
    }
    await Promise.all([a.start(), b.start()]);
    try {
      await eventually('the first tick', async () => runs.length > 0);
      // Let both runners look at the clock several more times: each look may try to start the same tick.
      const looks = new Set<string>();
      await eventually('several more cron checks', async () => {
        const [row] = await rows<{ cron_on: Date | string | null }>(sql`select cron_on from pgboss.version`);
        looks.add(String(row?.cron_on));
        return looks.size >= 4;
      });
      await eventually('the last tick to run', async () => {
        const [{ n }] = await rows<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'test.cron' and state <> 'completed'`,
        );
        return n === 0;
      });
      // One tick per minute slot, one job per tick, one run per job (a test crossing a minute has two).
      const ticks = await rows<{ slot: string }>(
        sql`select singleton_on::text as slot from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'test.cron'`,
      );
      const cronJobs = await rows<{ id: string }>(sql`select id from pgboss.job where name = 'test.cron'`);
      expect(new Set(ticks.map((t) => t.slot)).size).toBe(ticks.length);
      expect(cronJobs).toHaveLength(ticks.length);
      expect(runs).toHaveLength(cronJobs.length);
      expect(new Set(runs.map((r) => r.split(':')[1])).size).toBe(runs.length);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
