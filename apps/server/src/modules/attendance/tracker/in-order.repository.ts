// The in-order write of a live tracker's batch (`in-order.ts`): one raw statement, prepared on PostgreSQL, that
// checks the shift is still what the batch was computed from and writes the pings, blocks and rollup at once.
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { attendanceBlocks, attendancePings, attendances } from '../attendance.table';
import type { AttendanceRow, BlockDelta, PingInsert } from './tracker.repository';

/** An attendance row as a raw statement answers it (snake_case, driver values), as drizzle would map it. */
function attendanceFromRaw(raw: Record<string, unknown>): AttendanceRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(attendances))) {
    const value = raw[column.name];
    row[key] =
      value === null || value === undefined
        ? null
        : value instanceof Date
          ? value
          : column.mapFromDriverValue(value);
  }
  return row as AttendanceRow;
}

const dialect = new PgDialect();

/** Dates and times as PostgreSQL writes them, as drizzle reads them (its columns map them, `attendanceFromRaw`). */
const RAW_TIMES_OIDS = new Set([1082, 1114, 1184, 1186]);
const RAW_TIMES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TIMES_OIDS.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Runs `query` on PostgreSQL as the named prepared statement `name` (node-postgres prepares it once per connection,
 * and the server soon keeps one plan for it: no planning on each call), elsewhere as usual. For a statement whose
 * text never changes, only its parameters. (PGlite has no named statements over its API.)
 */
async function executePrepared(db: Db, name: string, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query({ name, text, values: params, types: RAW_TIMES })).rows;
  }
  return rowsOf<Record<string, unknown>>(await db.execute(query));
}

/** What an in-order batch writes, all computed by the caller from the row it expects (`InOrderWrite.expect`). */
export type InOrderWrite = {
  /**
   * The row as the caller computed with it: the statement writes only while the attendance still is that (its
   * owner, ongoing, clock-in, break, latest ping, presence) and `termsStill` holds (the contract's terms it used).
   */
  expect: Pick<
    AttendanceRow,
    | 'id'
    | 'organizationId'
    | 'vaId'
    | 'startedAt'
    | 'pausedAt'
    | 'resumedAt'
    | 'lastPingAt'
    | 'online'
    | 'idle'
  >;
  termsStill: SQL;
  pings: PingInsert[];
  blocks: BlockDelta[];
  sums: { tracked: number; active: number; idle: number };
  latest: Pick<AttendanceRow, 'lastPingAt' | 'lastIdleSeconds' | 'lastActiveWindow' | 'source'>;
  now: Date;
};

/**
 * Ping ingest's one statement, for a batch later than every ping the attendance has: locks the row if it still
 * is the one expected, inserts the pings, adds the blocks' deltas and the sums, and answers the updated row; null
 * when the row is no longer the one expected (nothing written: the caller takes the locked path). Should a ping
 * id already be there (impossible while every ping is older than `last_ping_at`), the statement fails as a
 * whole, so nothing is counted twice. One statement, so one round trip and no transaction block around it.
 */
export async function writeInOrder(db: Db, w: InOrderWrite): Promise<AttendanceRow | null> {
  const a = attendances;
  const e = w.expect;
  const ts = (d: Date | null) => (d ? d.toISOString() : null);
  const n = w.pings.length;
  const p = w.pings;
  const rows = await executePrepared(
    db,
    'attendance_pings_in_order_v1',
    sql`
    with a as (
      select ${a.id} as id from ${a}
      where ${a.id} = ${e.id} and ${a.organizationId} = ${e.organizationId} and ${a.vaId} = ${e.vaId}
        and ${a.status} = 'ongoing' and ${a.endedAt} is null
        and ${a.startedAt} is not distinct from ${ts(e.startedAt)}::timestamptz
        and ${a.pausedAt} is not distinct from ${ts(e.pausedAt)}::timestamptz
        and ${a.resumedAt} is not distinct from ${ts(e.resumedAt)}::timestamptz
        and ${a.lastPingAt} is not distinct from ${ts(e.lastPingAt)}::timestamptz
        and ${a.online} = ${e.online} and ${a.idle} = ${e.idle}
        and ${w.termsStill}
      for update
    ),
    p as (
      insert into ${attendancePings} (organization_id, attendance_id, va_id, client_id, at, keyboard, mouse,
        idle_seconds, active_window, task_id, general_task_id, source, received_at)
      select ${e.organizationId}, a.id, ${e.vaId}, v.client_id, v.at, v.keyboard, v.mouse, v.idle_seconds,
        v.active_window::jsonb, null, null, v.source, ${ts(w.now)}::timestamptz
      from a cross join unnest(
        ${sql.param(p.map((r) => r.clientId))}::uuid[],
        ${sql.param(p.map((r) => r.at.toISOString()))}::timestamptz[],
        ${sql.param(p.map((r) => r.keyboard ?? 0))}::int[],
        ${sql.param(p.map((r) => r.mouse ?? 0))}::int[],
        ${sql.param(p.map((r) => r.idleSeconds ?? 0))}::int[],
        ${sql.param(p.map((r) => (r.activeWindow ? JSON.stringify(r.activeWindow) : null)))}::text[],
        ${sql.param(p.map((r) => r.source))}::text[]
      ) with ordinality as v(client_id, at, keyboard, mouse, idle_seconds, active_window, source, n)
      order by v.n
      on conflict (attendance_id, client_id) do nothing
      returning 1
    ),
    b as (
      insert into ${attendanceBlocks} (attendance_id, start_at, organization_id, va_id, tracked_seconds,
        active_seconds, idle_seconds, keyboard, mouse, pings)
      select a.id, d.start_at, ${e.organizationId}, ${e.vaId}, d.tracked, d.active, d.idle, d.keyboard, d.mouse, d.pings
      from a cross join unnest(
        ${sql.param(w.blocks.map((d) => d.startAt.toISOString()))}::timestamptz[],
        ${sql.param(w.blocks.map((d) => d.tracked))}::int[],
        ${sql.param(w.blocks.map((d) => d.active))}::int[],
        ${sql.param(w.blocks.map((d) => d.idle))}::int[],
        ${sql.param(w.blocks.map((d) => d.keyboard))}::int[],
        ${sql.param(w.blocks.map((d) => d.mouse))}::int[],
        ${sql.param(w.blocks.map((d) => d.pings))}::int[]
      ) as d(start_at, tracked, active, idle, keyboard, mouse, pings)
      where (select count(*) from p) = ${n}
      on conflict (attendance_id, start_at) do update set
        tracked_seconds = ${attendanceBlocks.trackedSeconds} + excluded.tracked_seconds,
        active_seconds = ${attendanceBlocks.activeSeconds} + excluded.active_seconds,
        idle_seconds = ${attendanceBlocks.idleSeconds} + excluded.idle_seconds,
        keyboard = ${attendanceBlocks.keyboard} + excluded.keyboard,
        mouse = ${attendanceBlocks.mouse} + excluded.mouse,
        pings = ${attendanceBlocks.pings} + excluded.pings
    ),
    u as (
      update ${a} set
        worked_seconds = ${a.workedSeconds} + ${w.sums.tracked}::int,
        active_seconds = ${a.activeSeconds} + ${w.sums.active}::int,
        idle_seconds = ${a.idleSeconds} + ${w.sums.idle}::int,
        last_ping_at = ${ts(w.latest.lastPingAt)}::timestamptz,
        last_idle_seconds = ${w.latest.lastIdleSeconds}::int,
        last_active_window = ${w.latest.lastActiveWindow ? JSON.stringify(w.latest.lastActiveWindow) : null}::jsonb,
        source = ${w.latest.source}::text,
        updated_at = ${ts(w.now)}::timestamptz
      where ${a.id} = (select id from a) and (select count(*) from p) = ${n}
      returning ${a}.*
    )
    -- A locked row whose pings were not all new: division by zero, so the whole statement rolls back.
    select u.*, 1 / ((select count(*) from p) = ${n} or not exists (select 1 from a))::int as checked
    from (select 1) one left join u on true`,
  );
  const [raw] = rows;
  return raw && raw.id !== null && raw.id !== undefined ? attendanceFromRaw(raw) : null;
}
