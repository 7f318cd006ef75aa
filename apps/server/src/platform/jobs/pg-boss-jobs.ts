import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { UnitOfWork } from '../transaction';
import { createBossDb, txBossDb } from './boss-db';
import type { JobHandler, JobOptions, Jobs, QueueOptions } from './types';

export type JobsSettings = {
  /** JOBS_ENABLED: run workers and cron schedules here; an instance without them still sends jobs. */
  enabled: boolean;
  /**
   * JOBS_CRONS: apply the cron schedules (default on). The tests turn it off and run the scheduled work
   * themselves with their own clock: a real-time tick during a test would act at the test clock's "now".
   */
  crons?: boolean;
  /** How often an idle worker looks for jobs sent elsewhere (jobs sent here wake it at once). */
  pollingIntervalSeconds: number;
  /** How long `stop` waits for active jobs before failing them back to the queue (they are retried). */
  stopTimeoutMs?: number;
  /** How often an instance checks whether a cron tick is due (pg-boss: 1-45 s, default 30). */
  cronMonitorIntervalSeconds?: number;
  /** How soon a due cron tick becomes a job (pg-boss: 1-45 s, default 5). */
  cronWorkerIntervalSeconds?: number;
};

/** pg-boss keeps its tables in this schema, beside (never inside) the app's migrations. */
const SCHEMA = 'pgboss';

/** Jobs on pg-boss 10, on PostgreSQL (its own small pool) and on PGlite (the app's instance). */
export function createJobs(database: Database, log: FastifyBaseLogger, settings: JobsSettings): Jobs {
  const stopTimeoutMs = settings.stopTimeoutMs ?? 8000;
  const bossDb = createBossDb(database, log);
  const boss = new PgBoss({
    db: bossDb,
    schema: SCHEMA,
    schedule: settings.enabled,
    supervise: settings.enabled,
    pollingIntervalSeconds: settings.pollingIntervalSeconds,
    cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: settings.cronWorkerIntervalSeconds ?? 5,
  });
  // An 'error' event without a listener would throw and end the process.
  boss.on('error', (err: Error & { queue?: string; worker?: string }) => {
    log.error({ err, queue: err.queue, worker: err.worker }, 'job queue error');
  });

  const declared = new Map<string, QueueOptions>();
  const handlers = new Map<string, JobHandler<object>>();
  const schedules = new Map<string, { cron: string; data: object; tz: string }>();
  /** Queues known to exist in the database (created here or found there). */
  const ready = new Set<string>();
  const workerIds = new Map<string, string>();
  const pending = new Set<Promise<void>>();
  let state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';
  let activeHandlers = 0;

  const track = (what: string, work: Promise<void>) => {
    const p = work.catch((err) => log.error({ err }, `jobs: ${what} failed`));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  const creating = new Map<string, Promise<void>>();

  /** Creates the queue once per instance (concurrent callers share the one creation). */
  function ensureQueue(queue: string): Promise<void> {
    if (ready.has(queue)) return Promise.resolve();
    let creation = creating.get(queue);
    if (!creation) {
      creation = createQueue(queue)
        .then(() => {
          ready.add(queue);
        })
        .finally(() => creating.delete(queue));
      creating.set(queue, creation);
    }
    return creation;
  }

  /**
   * Creates the queue and, where a module declared it, applies its settings to a queue created before, in
   * one transaction under the creation lock. Instances starting together on PostgreSQL create partitions
   * (locks on pgboss.queue and pgboss.job) while others update queue rows and fetch jobs: a deadlock there
   * rolls the whole script back, so it is simply run again.
   */
  async function createQueue(queue: string) {
    const json = literal(JSON.stringify(bossQueue(queue, declared.get(queue) ?? {})));
    const update = declared.has(queue) ? `${UPDATE_QUEUE(literal(queue), json)};` : '';
    const script = `BEGIN; ${CREATE_QUEUE_LOCK}; SELECT ${SCHEMA}.create_queue(${literal(queue)}, ${json}::json); ${update} COMMIT;`;
    await retryOnDeadlock(
      () => bossDb.executeSql(script),
      (err, attempt) =>
        log.warn({ err, queue, attempt }, 'jobs: creating a queue met a deadlock; trying again'),
    );
  }

  async function runJob(queue: string, job: PgBoss.JobWithMetadata<object>) {
    // A job fetched while stopping goes back to the queue instead of starting work that cannot finish.
    if (state !== 'started') throw new Error('the job runner is stopping');
    const handler = handlers.get(queue);
    if (!handler) throw new Error(`no worker for queue ${queue}`);
    activeHandlers++;
    try {
      await handler({
        id: job.id,
        name: job.name,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      });
    } catch (err) {
      const context = {
        err,
        queue,
        job_id: job.id,
        attempt: job.retryCount + 1,
        retry_limit: job.retryLimit,
      };
      if (job.retryCount >= job.retryLimit) log.error(context, 'job failed; no retries left');
      else log.warn(context, 'job failed; it will be retried');
      throw err;
    } finally {
      activeHandlers--;
    }
  }

  async function startWorker(queue: string) {
    await ensureQueue(queue);
    if (!settings.enabled || state !== 'started') return;
    const id = await boss.work<object>(
      queue,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds },
      async ([job]) => runJob(queue, job),
    );
    workerIds.set(queue, id);
  }

  async function applySchedule(queue: string) {
    const entry = schedules.get(queue);
    if (!entry || !settings.enabled || settings.crons === false) return;
    await ensureQueue(queue);
    await boss.schedule(queue, entry.cron, entry.data, { tz: entry.tz });
  }

  /** Wakes this instance's worker of a queue; other instances find the job at their next poll. */
  const notify = (queue: string) => {
    const id = workerIds.get(queue);
    if (id) boss.notifyWorker(id);
  };

  return {
    async send(uow, queue, data, options = {}) {
      if (state !== 'started') throw new Error(`jobs are not running: cannot send to ${queue}`);
      const sendOptions = bossSendOptions(options);
      if (!uow) {
        await ensureQueue(queue);
        const id = await boss.send(queue, data, sendOptions);
        notify(queue);
        return id;
      }
      // Inside a transaction everything goes through that transaction: on PGlite (one connection) the
      // shared adapter would wait for this transaction to end, which waits for us.
      if (!ready.has(queue))
        await createQueueIn(uow, queue, declared.get(queue) ?? {}, () => ready.add(queue));
      const id = await boss.send(queue, data, { ...sendOptions, db: txBossDb(uow.tx) });
      uow.afterCommit(() => notify(queue));
      return id;
    },

    work(queue, handler, options = {}) {
      if (handlers.has(queue)) throw new Error(`queue ${queue} already has a worker`);
      handlers.set(queue, handler as JobHandler<object>);
      declared.set(queue, options);
      if (state === 'started') track(`starting the worker of ${queue}`, startWorker(queue));
    },

    schedule(queue, cron, data = {}, options = {}) {
      schedules.set(queue, { cron, data, tz: options.tz ?? 'UTC' });
      if (state === 'started') track(`scheduling ${queue}`, applySchedule(queue));
    },

    async start() {
      if (state !== 'new') return;
      await boss.start();
      state = 'started';
      for (const queue of declared.keys()) await startWorker(queue);
      for (const queue of schedules.keys()) await applySchedule(queue);
    },

    async stop() {
      if (state !== 'started') return;
      state = 'stopping';
      await Promise.allSettled([...pending]);
      try {
        // Graceful: active jobs get `stopTimeoutMs` to finish; the rest are failed back for a retry.
        await boss.stop({ graceful: true, wait: true, close: false, timeout: stopTimeoutMs });
      } catch (err) {
        log.error({ err }, 'jobs: stopping the job runner failed');
      }
      const deadline = Date.now() + 2000;
      while (activeHandlers > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await bossDb.close(Math.max(0, deadline - Date.now()));
      state = 'stopped';
    },
  };
}

/**
 * pg-boss's `create_queue` inserts the queue row, then adds foreign keys to it (a table lock on the queue
 * table): two creations at once, in this instance or another, deadlock. One lock makes them take turns.
 */
const CREATE_QUEUE_LOCK = `SELECT pg_advisory_xact_lock(hashtext('${SCHEMA}.create_queue'))`;

/** pg-boss's updateQueue, as SQL that runs inside the creation's transaction (the same COALESCE rules). */
const UPDATE_QUEUE = (name: string, json: string) =>
  `UPDATE ${SCHEMA}.queue SET
    policy = COALESCE(o->>'policy', policy),
    retry_limit = COALESCE((o->>'retryLimit')::int, retry_limit),
    retry_delay = COALESCE((o->>'retryDelay')::int, retry_delay),
    retry_backoff = COALESCE((o->>'retryBackoff')::bool, retry_backoff),
    expire_seconds = COALESCE((o->>'expireInSeconds')::int, expire_seconds),
    updated_on = now()
  FROM (SELECT ${json}::json AS o) AS given
  WHERE name = ${name}`;

/** PostgreSQL's deadlock_detected: the victim's transaction was rolled back whole, so it can run again. */
export async function retryOnDeadlock<T>(
  work: () => Promise<T>,
  onRetry: (err: unknown, attempt: number) => void,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= attempts) throw err;
      onRetry(err, attempt);
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

/** Inside a transaction the queue is created by that transaction (it exists only if it commits). */
async function createQueueIn(uow: UnitOfWork, queue: string, options: QueueOptions, onCommit: () => void) {
  const json = JSON.stringify(bossQueue(queue, options));
  await uow.tx.execute(sql.raw(CREATE_QUEUE_LOCK));
  await uow.tx.execute(sql`select ${sql.identifier(SCHEMA)}.create_queue(${queue}, ${json}::json)`);
  uow.afterCommit(onCommit);
}

/** A SQL string literal, for the one script that cannot take parameters (it holds several statements). */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** pg-boss asserts on keys that are present but undefined, so only the given ones are passed. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function bossQueue(name: string, o: QueueOptions): PgBoss.Queue {
  return defined({
    name,
    policy: o.policy ?? 'standard',
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: o.retryBackoff,
    expireInSeconds: o.expireInSeconds,
  });
}

function bossSendOptions(o: JobOptions): PgBoss.SendOptions {
  return defined({
    singletonKey: o.singletonKey,
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: o.retryBackoff,
    startAfter: o.startAfter,
    expireInSeconds: o.expireInSeconds,
  });
}
