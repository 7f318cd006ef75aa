// The in-order write of a live tracker's batch (`in-order.ts`): one raw statement, prepared on PostgreSQL, that
// checks the shift is still what the batch was computed from and writes the pings, blocks and rollup at once.
import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { executePrepared } from '../../../db/prepared';
import { type TrackingTerms, trackingTermsStillSql } from '../../contracts/public';
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

/** What an in-order batch writes, all computed by the caller from the row it expects (`InOrderWrite.expect`). */
export type InOrderWrite = {
  /**
   * The row as the caller computed with it: the statement writes only while the attendance still is that (its
   * owner, ongoing, clock-in, break, latest ping, presence) and the contract's terms still are `terms`.
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
  terms: Pick<TrackingTerms, 'idleTimeoutMinutes' | 'screenshotPrivacy'>;
  pings: PingInsert[];
  blocks: BlockDelta[];
  sums: { tracked: number; active: number; idle: number };
  latest: Pick<AttendanceRow, 'lastPingAt' | 'lastIdleSeconds' | 'lastActiveWindow' | 'source'>;
  now: Date;
};

const a = attendances;
const $ = (name: string) => sql.placeholder(name);

/**
 * Ping ingest's one statement, built once (its values are placeholders, filled per call by `valuesOf`). It locks the
 * row if it still is the one expected, inserts the pings, adds the blocks' deltas and the sums, and answers the
 * updated row. `vahub.pings_of_ongoing_shift` tells the trigger that clears a shift's count per task (migration
 * 0027) that this shift, ongoing and locked, has none to clear.
 */
const IN_ORDER = sql`
    with a as (
      select ${a.id} as id from ${a}
      where ${a.id} = ${$('id')} and ${a.organizationId} = ${$('organizationId')} and ${a.vaId} = ${$('vaId')}
        and ${a.status} = 'ongoing' and ${a.endedAt} is null
        and ${a.startedAt} is not distinct from ${$('startedAt')}::timestamptz
        and ${a.pausedAt} is not distinct from ${$('pausedAt')}::timestamptz
        and ${a.resumedAt} is not distinct from ${$('resumedAt')}::timestamptz
        and ${a.lastPingAt} is not distinct from ${$('lastPingAt')}::timestamptz
        and ${a.online} = ${$('online')}::boolean and ${a.idle} = ${$('idle')}::boolean
        and ${trackingTermsStillSql(a.contractId, { idleTimeoutMinutes: $('idleTimeoutMinutes'), screenshotPrivacy: $('screenshotPrivacy') })}
        and set_config('vahub.pings_of_ongoing_shift', 'on', true) = 'on'
      for update
    ),
    p as (
      insert into ${attendancePings} (organization_id, attendance_id, va_id, client_id, at, keyboard, mouse,
        idle_seconds, active_window, task_id, general_task_id, source, received_at)
      select ${$('organizationId')}::int, a.id, ${$('vaId')}::int, v.client_id, v.at, v.keyboard, v.mouse,
        v.idle_seconds, v.active_window::jsonb, null, null, v.source, ${$('now')}::timestamptz
      from a cross join unnest(
        ${$('pingIds')}::uuid[], ${$('pingAts')}::timestamptz[], ${$('pingKeyboards')}::int[],
        ${$('pingMice')}::int[], ${$('pingIdles')}::int[], ${$('pingWindows')}::text[], ${$('pingSources')}::text[]
      ) with ordinality as v(client_id, at, keyboard, mouse, idle_seconds, active_window, source, n)
      order by v.n
      on conflict (attendance_id, client_id) do nothing
      returning 1
    ),
    b as (
      insert into ${attendanceBlocks} (attendance_id, start_at, organization_id, va_id, tracked_seconds,
        active_seconds, idle_seconds, keyboard, mouse, pings)
      select a.id, d.start_at, ${$('organizationId')}::int, ${$('vaId')}::int, d.tracked, d.active, d.idle,
        d.keyboard, d.mouse, d.pings
      from a cross join unnest(
        ${$('blockStarts')}::timestamptz[], ${$('blockTracked')}::int[], ${$('blockActive')}::int[],
        ${$('blockIdle')}::int[], ${$('blockKeyboards')}::int[], ${$('blockMice')}::int[], ${$('blockPings')}::int[]
      ) as d(start_at, tracked, active, idle, keyboard, mouse, pings)
      where (select count(*) from p) = ${$('count')}::int
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
        worked_seconds = ${a.workedSeconds} + ${$('tracked')}::int,
        active_seconds = ${a.activeSeconds} + ${$('active')}::int,
        idle_seconds = ${a.idleSeconds} + ${$('idleSum')}::int,
        last_ping_at = ${$('latestAt')}::timestamptz,
        last_idle_seconds = ${$('latestIdle')}::int,
        last_active_window = ${$('latestWindow')}::jsonb,
        source = ${$('latestSource')}::text,
        updated_at = ${$('now')}::timestamptz
      where ${a.id} = (select id from a) and (select count(*) from p) = ${$('count')}::int
      returning ${a}.*
    )
    -- A locked row whose pings were not all new: division by zero, so the whole statement rolls back.
    select u.*, 1 / ((select count(*) from p) = ${$('count')}::int or not exists (select 1 from a))::int as checked
    from (select 1) one left join u on true`;

const ts = (d: Date | null) => (d ? d.toISOString() : null);

/** The values of `IN_ORDER`'s placeholders for one write. */
function valuesOf(w: InOrderWrite): Record<string, unknown> {
  const e = w.expect;
  const p = w.pings;
  const b = w.blocks;
  return {
    id: e.id,
    organizationId: e.organizationId,
    vaId: e.vaId,
    startedAt: ts(e.startedAt),
    pausedAt: ts(e.pausedAt),
    resumedAt: ts(e.resumedAt),
    lastPingAt: ts(e.lastPingAt),
    online: e.online,
    idle: e.idle,
    idleTimeoutMinutes: w.terms.idleTimeoutMinutes,
    screenshotPrivacy: w.terms.screenshotPrivacy,
    now: ts(w.now),
    pingIds: p.map((r) => r.clientId),
    pingAts: p.map((r) => r.at.toISOString()),
    pingKeyboards: p.map((r) => r.keyboard ?? 0),
    pingMice: p.map((r) => r.mouse ?? 0),
    pingIdles: p.map((r) => r.idleSeconds ?? 0),
    pingWindows: p.map((r) => (r.activeWindow ? JSON.stringify(r.activeWindow) : null)),
    pingSources: p.map((r) => r.source),
    count: p.length,
    blockStarts: b.map((d) => d.startAt.toISOString()),
    blockTracked: b.map((d) => d.tracked),
    blockActive: b.map((d) => d.active),
    blockIdle: b.map((d) => d.idle),
    blockKeyboards: b.map((d) => d.keyboard),
    blockMice: b.map((d) => d.mouse),
    blockPings: b.map((d) => d.pings),
    tracked: w.sums.tracked,
    active: w.sums.active,
    idleSum: w.sums.idle,
    latestAt: ts(w.latest.lastPingAt),
    latestIdle: w.latest.lastIdleSeconds,
    latestWindow: w.latest.lastActiveWindow ? JSON.stringify(w.latest.lastActiveWindow) : null,
    latestSource: w.latest.source,
  };
}

/**
 * Ping ingest's one statement, for a batch later than every ping the attendance has: null when the row is no longer
 * the one expected (nothing written: the caller takes the locked path). Should a ping id already be there
 * (impossible while every ping is older than `last_ping_at`), the statement fails as a whole, so nothing is counted
 * twice. One statement, so one round trip and no transaction block around it.
 */
export async function writeInOrder(db: Db, w: InOrderWrite): Promise<AttendanceRow | null> {
  const [raw] = await executePrepared(db, 'attendance_pings_in_order_v2', IN_ORDER, valuesOf(w));
  return raw && raw.id !== null && raw.id !== undefined ? attendanceFromRaw(raw) : null;
}
