import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Tx } from '../transaction';

type Row = Record<string, unknown>;

/** What pg-boss calls through its `db` option. */
export type BossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }> };

/** The adapter pg-boss uses outside transactions; `close` waits for the queries still running. */
export type OwnedBossDb = BossDb & { close(timeoutMs: number): Promise<void> };

/**
 * After a job's handler, pg-boss completes or fails it without awaiting the query (manager.js). Were that
 * query to reject (a dropped connection, a failover), nothing would catch it and the process would end on
 * the unhandled rejection. Those two commands are recognised and their failure only logged: the job stays
 * active, expires and runs again (jobs are at-least-once anyway).
 */
const UNAWAITED = [
  /SET completed_on = now\(\),\s*state = 'completed'/,
  /WITH deleted_jobs AS \(\s*DELETE FROM \S+\s+WHERE name = \$1 AND id IN/,
];

/** pg-boss wraps its maintenance and migration scripts in `BEGIN; … COMMIT;`. */
const WRAPPED_SCRIPT = /^\s*BEGIN;\s*([\s\S]*?)\s*COMMIT;\s*$/;

/**
 * pg-boss's connection: its own small pool on PostgreSQL, the app's instance on PGlite. Every query is
 * tracked so `close` can wait for them: pg-boss completes a finished job without awaiting it, and that
 * query must not meet a closed database (an unhandled rejection ends the process).
 */
export function createBossDb(
  database: Database,
  log: Pick<FastifyBaseLogger, 'warn'>,
  poolSize = 3,
): OwnedBossDb {
  const running = new Set<Promise<unknown>>();
  let closed = false;
  let pool: pg.Pool | null = null;
  let run: (text: string, values: unknown[]) => Promise<{ rows: Row[] }>;
  if (database.driver.kind === 'postgres') {
    const own = new pg.Pool({
      connectionString: database.driver.url,
      max: poolSize,
      application_name: 'vahub-jobs',
    });
    // Without a listener, an idle connection the server drops would end the process; a checked-out one
    // has no pool listener at all, so each connection gets its own.
    own.on('error', (err) => log.warn({ err }, 'a job queue connection was closed by the server'));
    own.on('connect', (client) => {
      client.on('error', (err) => log.warn({ err }, 'a job queue connection failed'));
    });
    pool = own;
    run = (text, values) => (values.length > 0 ? own.query(text, values) : postgresScript(own, text));
  } else {
    run = pgliteExecutor(database.driver.client);
  }
  return {
    async executeSql(text, values = []) {
      if (closed) {
        // Only a job finishing after the stop timeout gets here; its job is retried after it expires.
        log.warn({ sql: text.trim().slice(0, 80) }, 'job queue query after stop ignored');
        return { rows: [] };
      }
      const query = run(text, values);
      running.add(query);
      try {
        return await query;
      } catch (err) {
        if (!UNAWAITED.some((re) => re.test(text))) throw err;
        log.warn({ err }, 'a job could not be marked completed or failed; it will expire and run again');
        return { rows: [{ count: 0 }] };
      } finally {
        running.delete(query);
      }
    },
    async close(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (running.size > 0 && Date.now() < deadline) {
        await Promise.race([Promise.allSettled([...running]), wait(Math.max(0, deadline - Date.now()))]);
      }
      closed = true;
      await pool?.end();
    },
  };
}

/**
 * A script without parameters may hold several statements inside `BEGIN; … COMMIT;`. When one fails,
 * PostgreSQL skips the rest and leaves the connection in an aborted transaction: roll it back before the
 * connection goes back to the pool, or every later query on it fails.
 */
async function postgresScript(pool: pg.Pool, text: string): Promise<{ rows: Row[] }> {
  const client = await pool.connect();
  let broken = false;
  try {
    const result = (await client.query(text)) as pg.QueryResult<Row> | pg.QueryResult<Row>[];
    return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows ?? []) : result.rows };
  } catch (err) {
    // A connection that cannot even roll back is broken: drop it instead of pooling it.
    broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * PGlite is one connection. Queries with parameters are single statements. Scripts without parameters may
 * hold several statements (pg-boss's `BEGIN; … COMMIT;` scripts): they run as `exec` inside PGlite's own
 * transaction, which holds PGlite's lock from BEGIN to COMMIT and rolls back on an error, so a failed script
 * never leaves the shared connection inside an aborted transaction, and nothing else runs in between.
 */
function pgliteExecutor(client: PGlite) {
  return async (text: string, values: unknown[]): Promise<{ rows: Row[] }> => {
    if (values.length > 0) {
      const result = await client.query<Row>(text, values);
      return { rows: result.rows };
    }
    const script = WRAPPED_SCRIPT.exec(text)?.[1] ?? text;
    const results = await client.transaction((tx) => tx.exec(script));
    return { rows: results.flatMap((r) => r.rows as Row[]) };
  };
}

/**
 * The adapter for `send(…, { db })` inside one of our transactions, through Drizzle's public API so it
 * works on both drivers. pg-boss writes `$1…$n`; each becomes a Drizzle parameter.
 */
export function txBossDb(tx: Tx): BossDb {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(withParams(text, values));
      // Both drivers answer `{ rows }` (node-postgres' QueryResult, PGlite's Results).
      return { rows: rowsOf<Row>(result) };
    },
  };
}

/** Turns `$n` placeholders into Drizzle parameters (a placeholder used twice becomes two parameters). */
export function withParams(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => {
    if (i % 2 === 0) return sql.raw(part);
    const index = Number(part) - 1;
    if (index < 0 || index >= values.length) throw new Error(`no value for $${part}`);
    // sql.param keeps arrays and objects as one parameter (a bare array would become a list).
    return sql`${sql.param(values[index])}`;
  });
  return sql.join(chunks, sql.raw(''));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());
