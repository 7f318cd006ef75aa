import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Polls `check` until it answers something truthy, and returns that. The deadline only turns a hang into a
 * clear failure; no test asserts on how long anything took.
 */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type JobRow = {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  start_after: Date | string;
  started_on: Date | string | null;
  output: Record<string, unknown> | null;
};

/** A pg-boss job as stored (live table or archive), or null. */
export async function jobRow(db: Db, id: string): Promise<JobRow | null> {
  const result = await db.execute(sql`
    select id, name, state, retry_count, start_after, started_on, output from pgboss.job where id = ${id}::uuid
    union all
    select id, name, state, retry_count, start_after, started_on, output from pgboss.archive where id = ${id}::uuid`);
  return (result as unknown as { rows: JobRow[] }).rows[0] ?? null;
}

/** Waits until the job reaches `state` (completed and failed are final). */
export function jobReaching(db: Db, id: string, state: JobRow['state']): Promise<JobRow> {
  return eventually(`job ${id} to be ${state}`, async () => {
    const row = await jobRow(db, id);
    return row?.state === state ? row : null;
  });
}

/** A promise with its resolver outside, to hold a handler or a transaction at a chosen point. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
