import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
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
