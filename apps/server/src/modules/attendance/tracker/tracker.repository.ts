import { and, asc, desc, eq, getTableColumns, gt, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import type { Tx } from '../../../platform/transaction';
import { attendanceBlocks, attendancePings, attendances } from '../attendance.table';

export type AttendanceRow = typeof attendances.$inferSelect;
export type PingInsert = typeof attendancePings.$inferInsert;

/** The attendance, locked for this transaction: ingest, clock-in and the ends of one shift take turns. */
export async function lockAttendance(tx: Tx, where: SQL): Promise<AttendanceRow | null> {
  const [row] = await tx.select().from(attendances).where(where).for('update');
  return row ?? null;
}

/**
 * Serialises the clock-ins of one VA (two requests for two shifts at once would both see "nothing ongoing"):
 * a transaction-scoped advisory lock, released at commit. The first key names the purpose.
 */
export async function lockVaClockIn(tx: Tx, vaId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_CLOCK_IN}, ${vaId})`);
}
const ADVISORY_CLOCK_IN = 1_000_310;

/** One VA's attendances of a status in the organization (the VA's own shift lookups). */
const vaShifts = (organizationId: number, vaId: number, status: AttendanceRow['status']) =>
  and(
    eq(attendances.organizationId, organizationId),
    eq(attendances.vaId, vaId),
    eq(attendances.status, status),
  );

/** The VA's ongoing attendance (at most one: clock-in refuses a second). */
export async function ongoingOf(db: Db, organizationId: number, vaId: number): Promise<AttendanceRow | null> {
  const [row] = await db
    .select()
    .from(attendances)
    .where(vaShifts(organizationId, vaId, 'ongoing'))
    .orderBy(asc(attendances.startedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The VA's shift they clocked out of (not a forced logout nor an auto-close) whose scheduled window still lasts
 * at `now`: they may clock in to it again. The latest such shift, or null.
 */
export async function resumableOf(
  db: Db,
  organizationId: number,
  vaId: number,
  now: Date,
): Promise<AttendanceRow | null> {
  const [row] = await db
    .select()
    .from(attendances)
    .where(
      and(
        vaShifts(organizationId, vaId, 'completed'),
        eq(attendances.endReason, 'clock_out'),
        gt(attendances.scheduledEndAt, now),
      ),
    )
    .orderBy(desc(attendances.scheduledStartAt))
    .limit(1);
  return row ?? null;
}

/** The VA's upcoming shifts not yet over at `now`, soonest first (a few: the caller checks their windows). */
export async function upcomingNotOver(
  db: Db,
  organizationId: number,
  vaId: number,
  now: Date,
  limit = 10,
): Promise<AttendanceRow[]> {
  return db
    .select()
    .from(attendances)
    .where(and(vaShifts(organizationId, vaId, 'upcoming'), gt(attendances.scheduledEndAt, now)))
    .orderBy(asc(attendances.scheduledStartAt))
    .limit(limit);
}

export type InsertedPing = {
  id: number;
  at: Date;
  idleSeconds: number;
  keyboard: number;
  mouse: number;
  activeWindow: PingInsert['activeWindow'];
  source: NonNullable<PingInsert['source']>;
};

/**
 * Inserts the pings; a ping id the attendance already has is skipped (also when another transaction inserted
 * it first). Answers only what this call inserted: only those are rolled up.
 */
export async function insertPings(tx: Tx, rows: PingInsert[]): Promise<InsertedPing[]> {
  if (!rows.length) return [];
  return tx
    .insert(attendancePings)
    .values(rows)
    .onConflictDoNothing({ target: [attendancePings.attendanceId, attendancePings.clientId] })
    .returning({
      id: attendancePings.id,
      at: attendancePings.at,
      idleSeconds: attendancePings.idleSeconds,
      keyboard: attendancePings.keyboard,
      mouse: attendancePings.mouse,
      activeWindow: attendancePings.activeWindow,
      source: attendancePings.source,
    });
}

export type NeighbourPing = { id: number; at: Date; idleSeconds: number };

/**
 * For each instant, the first ping of the attendance after it that is not one of `newIds` (an older ping
 * whose predecessor may now be a new one). One index probe on `(attendance_id, at)` per instant.
 */
export async function oldPingsAfter(
  tx: Tx,
  attendanceId: number,
  instants: Date[],
  newIds: number[],
): Promise<NeighbourPing[]> {
  if (!instants.length) return [];
  const result = await tx.execute(sql`
    select distinct nx.id, nx.at, nx.idle_seconds
    from unnest(${sql.param(instants.map((d) => d.toISOString()))}::timestamptz[]) as n(at)
    cross join lateral (
      select o.id, o.at, o.idle_seconds from ${attendancePings} o
      where o.attendance_id = ${attendanceId} and o.at > n.at and o.id <> all(${sql.param(newIds)}::bigint[])
      order by o.at, o.id
      limit 1
    ) nx`);
  return rowsOf<{ id: number | string; at: Date | string; idle_seconds: number }>(result).map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    idleSeconds: Number(r.idle_seconds),
  }));
}

export type PredecessorRow = { id: number; prevAt: Date | null; prevOldAt: Date | null };

/**
 * For each ping of `ids`: the `at` of the ping before it (by `at`, then id) among all the attendance's pings,
 * and among those not in `newIds` (what it was before this batch). Two backward index probes per ping.
 */
export async function predecessors(
  tx: Tx,
  attendanceId: number,
  ids: number[],
  newIds: number[],
): Promise<PredecessorRow[]> {
  if (!ids.length) return [];
  const before = sql`o.attendance_id = ${attendanceId} and o.at <= q.at and (o.at < q.at or o.id < q.id)`;
  const result = await tx.execute(sql`
    select q.id,
      (select max(o.at) from ${attendancePings} o where ${before}) as prev_at,
      (select max(o.at) from ${attendancePings} o where ${before}
        and o.id <> all(${sql.param(newIds)}::bigint[])) as prev_old_at
    from ${attendancePings} q
    where q.id = any(${sql.param(ids)}::bigint[])`);
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rowsOf<{ id: number | string; prev_at: Date | string | null; prev_old_at: Date | string | null }>(
    result,
  ).map((r) => ({ id: Number(r.id), prevAt: date(r.prev_at), prevOldAt: date(r.prev_old_at) }));
}

export type BlockDelta = {
  startAt: Date;
  tracked: number;
  active: number;
  idle: number;
  keyboard: number;
  mouse: number;
  pings: number;
};

/** Adds the deltas to the attendance's 10-minute blocks (creating those it did not have). */
export async function addToBlocks(tx: Tx, a: AttendanceRow, deltas: BlockDelta[]) {
  if (!deltas.length) return;
  const b = attendanceBlocks;
  await tx
    .insert(b)
    .values(
      deltas.map((d) => ({
        attendanceId: a.id,
        startAt: d.startAt,
        organizationId: a.organizationId,
        vaId: a.vaId,
        trackedSeconds: d.tracked,
        activeSeconds: d.active,
        idleSeconds: d.idle,
        keyboard: d.keyboard,
        mouse: d.mouse,
        pings: d.pings,
      })),
    )
    .onConflictDoUpdate({
      target: [b.attendanceId, b.startAt],
      set: {
        trackedSeconds: sql`${b.trackedSeconds} + excluded.tracked_seconds`,
        activeSeconds: sql`${b.activeSeconds} + excluded.active_seconds`,
        idleSeconds: sql`${b.idleSeconds} + excluded.idle_seconds`,
        keyboard: sql`${b.keyboard} + excluded.keyboard`,
        mouse: sql`${b.mouse} + excluded.mouse`,
        pings: sql`${b.pings} + excluded.pings`,
      },
    });
}

export async function updateAttendance(
  tx: Tx,
  id: number,
  set: Partial<typeof attendances.$inferInsert> & Record<string, unknown>,
): Promise<AttendanceRow> {
  const [row] = await tx.update(attendances).set(set).where(eq(attendances.id, id)).returning();
  return row;
}

/**
 * Ongoing attendances announced online whose latest ping (or clock-in, when later) is older than `since` (the
 * presence sweep).
 */
export async function silentOnline(tx: Tx, since: Date, limit: number): Promise<AttendanceRow[]> {
  return tx
    .select()
    .from(attendances)
    .where(
      and(
        eq(attendances.status, 'ongoing'),
        eq(attendances.online, true),
        sql`greatest(${attendances.lastPingAt}, ${attendances.startedAt}, ${attendances.resumedAt}) < ${since}`,
      ),
    )
    .orderBy(asc(attendances.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Ongoing attendances with nothing for `quietSeconds` after their scheduled end (nor after their last ping or
 * clock-in, when later): the auto-close sweep. The partial index of open shifts by end finds them.
 */
export async function quietPastEnd(tx: Tx, now: Date, quietSeconds: number, limit: number) {
  const cutoff = new Date(now.getTime() - quietSeconds * 1000);
  return tx
    .select()
    .from(attendances)
    .where(
      and(
        eq(attendances.status, 'ongoing'),
        sql`${attendances.scheduledEndAt} <= ${cutoff}`,
        sql`greatest(${attendances.lastPingAt}, ${attendances.startedAt}, ${attendances.resumedAt}) <= ${cutoff}`,
      ),
    )
    .orderBy(asc(attendances.scheduledEndAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

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
