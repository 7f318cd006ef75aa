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
};

const a = attendances;
const $ = (name: string) => sql.placeholder(name);

/**
 * Ping ingest's one statement for the in-order batches of several shifts (one batch group per shift), built once: its
 * values are arrays, placeholders filled per call by `valuesOf`. `e` is what each write expects and adds; `a` locks
 * (in id order) the shifts that still are what was expected; the pings, the blocks' deltas and the sums are written
 * for those only, and the updated rows answered. `vahub.pings_of_ongoing_shift` tells the trigger that clears a
 * shift's count per task (migration 0027) that these shifts, ongoing and locked, have none to clear. A locked shift
 * whose pings were not all new (impossible while each is later than the shift's latest) divides by zero: the whole
 * statement rolls back, and the caller tries each write alone.
 */
const IN_ORDER = sql`
    with e as (
      select * from unnest(
        ${$('id')}::int[], ${$('organizationId')}::int[], ${$('vaId')}::int[], ${$('startedAt')}::timestamptz[],
        ${$('pausedAt')}::timestamptz[], ${$('resumedAt')}::timestamptz[], ${$('lastPingAt')}::timestamptz[],
        ${$('online')}::boolean[], ${$('idle')}::boolean[], ${$('idleTimeoutMinutes')}::int[],
        ${$('screenshotPrivacy')}::text[], ${$('count')}::int[], ${$('tracked')}::int[], ${$('active')}::int[],
        ${$('idleSum')}::int[], ${$('latestAt')}::timestamptz[], ${$('latestIdle')}::int[],
        ${$('latestWindow')}::text[], ${$('latestSource')}::text[]
      ) as e(id, organization_id, va_id, started_at, paused_at, resumed_at, last_ping_at, online, idle,
        idle_timeout_minutes, screenshot_privacy, pings, tracked, active, idle_sum, latest_at, latest_idle,
        latest_window, latest_source)
    ),
    a as (
      select ${a.id} as id from ${a} join e on e.id = ${a.id}
      where ${a.organizationId} = e.organization_id and ${a.vaId} = e.va_id
        and ${a.status} = 'ongoing' and ${a.endedAt} is null
        and ${a.startedAt} is not distinct from e.started_at
        and ${a.pausedAt} is not distinct from e.paused_at
        and ${a.resumedAt} is not distinct from e.resumed_at
        and ${a.lastPingAt} is not distinct from e.last_ping_at
        and ${a.online} = e.online and ${a.idle} = e.idle
        and ${trackingTermsStillSql(a.contractId, { idleTimeoutMinutes: sql`e.idle_timeout_minutes`, screenshotPrivacy: sql`e.screenshot_privacy` })}
        and set_config('vahub.pings_of_ongoing_shift', 'on', true) = 'on'
      order by ${a.id}
      for update of ${a}
    ),
    p as (
      insert into ${attendancePings} (organization_id, attendance_id, va_id, client_id, at, keyboard, mouse,
        idle_seconds, active_window, task_id, general_task_id, source, received_at)
      select e.organization_id, a.id, e.va_id, v.client_id, v.at, v.keyboard, v.mouse, v.idle_seconds,
        v.active_window::jsonb, v.task_id, v.general_task_id, v.source, ${$('now')}::timestamptz
      from unnest(
        ${$('pingShifts')}::int[], ${$('pingIds')}::uuid[], ${$('pingAts')}::timestamptz[],
        ${$('pingKeyboards')}::int[], ${$('pingMice')}::int[], ${$('pingIdles')}::int[], ${$('pingWindows')}::text[],
        ${$('pingTasks')}::int[], ${$('pingGeneralTasks')}::int[], ${$('pingSources')}::text[]
      ) with ordinality as v(shift_id, client_id, at, keyboard, mouse, idle_seconds, active_window, task_id,
        general_task_id, source, n)
      join a on a.id = v.shift_id join e on e.id = v.shift_id
      order by v.n
      on conflict (attendance_id, client_id) do nothing
      returning attendance_id
    ),
    ok as (
      select e.id from e join a on a.id = e.id
      where e.pings = (select count(*) from p where p.attendance_id = e.id)
    ),
    b as (
      insert into ${attendanceBlocks} (attendance_id, start_at, organization_id, va_id, tracked_seconds,
        active_seconds, idle_seconds, keyboard, mouse, pings)
      select d.shift_id, d.start_at, e.organization_id, e.va_id, d.tracked, d.active, d.idle, d.keyboard, d.mouse,
        d.pings
      from unnest(
        ${$('blockShifts')}::int[], ${$('blockStarts')}::timestamptz[], ${$('blockTracked')}::int[],
        ${$('blockActive')}::int[], ${$('blockIdle')}::int[], ${$('blockKeyboards')}::int[], ${$('blockMice')}::int[],
        ${$('blockPings')}::int[]
      ) as d(shift_id, start_at, tracked, active, idle, keyboard, mouse, pings)
      join ok on ok.id = d.shift_id join e on e.id = d.shift_id
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
        worked_seconds = ${a.workedSeconds} + e.tracked,
        active_seconds = ${a.activeSeconds} + e.active,
        idle_seconds = ${a.idleSeconds} + e.idle_sum,
        last_ping_at = e.latest_at,
        last_idle_seconds = e.latest_idle,
        last_active_window = e.latest_window::jsonb,
        source = e.latest_source,
        updated_at = ${$('now')}::timestamptz
      from e join ok on ok.id = e.id
      where ${a.id} = e.id
      returning ${a}.*
    )
    select u.* from (
      select 1 / (not exists (select 1 from a where a.id not in (select id from ok)))::int as checked
    ) c left join u on true`;

const ts = (d: Date | null) => (d ? d.toISOString() : null);

/** The values of `IN_ORDER`'s placeholders for some shifts' writes (each shift once). */
function valuesOf(writes: InOrderWrite[], now: Date): Record<string, unknown> {
  const each = <T>(f: (w: InOrderWrite) => T) => writes.map(f);
  const pings = writes.flatMap((w) => w.pings.map((p) => ({ shift: w.expect.id, p })));
  const blocks = writes.flatMap((w) => w.blocks.map((b) => ({ shift: w.expect.id, b })));
  return {
    id: each((w) => w.expect.id),
    organizationId: each((w) => w.expect.organizationId),
    vaId: each((w) => w.expect.vaId),
    startedAt: each((w) => ts(w.expect.startedAt)),
    pausedAt: each((w) => ts(w.expect.pausedAt)),
    resumedAt: each((w) => ts(w.expect.resumedAt)),
    lastPingAt: each((w) => ts(w.expect.lastPingAt)),
    online: each((w) => w.expect.online),
    idle: each((w) => w.expect.idle),
    idleTimeoutMinutes: each((w) => w.terms.idleTimeoutMinutes),
    screenshotPrivacy: each((w) => w.terms.screenshotPrivacy),
    count: each((w) => w.pings.length),
    tracked: each((w) => w.sums.tracked),
    active: each((w) => w.sums.active),
    idleSum: each((w) => w.sums.idle),
    latestAt: each((w) => ts(w.latest.lastPingAt)),
    latestIdle: each((w) => w.latest.lastIdleSeconds),
    latestWindow: each((w) => (w.latest.lastActiveWindow ? JSON.stringify(w.latest.lastActiveWindow) : null)),
    latestSource: each((w) => w.latest.source),
    now: ts(now),
    pingShifts: pings.map((x) => x.shift),
    pingIds: pings.map((x) => x.p.clientId),
    pingAts: pings.map((x) => x.p.at.toISOString()),
    pingKeyboards: pings.map((x) => x.p.keyboard ?? 0),
    pingMice: pings.map((x) => x.p.mouse ?? 0),
    pingIdles: pings.map((x) => x.p.idleSeconds ?? 0),
    pingWindows: pings.map((x) => (x.p.activeWindow ? JSON.stringify(x.p.activeWindow) : null)),
    pingTasks: pings.map((x) => x.p.taskId ?? null),
    pingGeneralTasks: pings.map((x) => x.p.generalTaskId ?? null),
    pingSources: pings.map((x) => x.p.source),
    blockShifts: blocks.map((x) => x.shift),
    blockStarts: blocks.map((x) => x.b.startAt.toISOString()),
    blockTracked: blocks.map((x) => x.b.tracked),
    blockActive: blocks.map((x) => x.b.active),
    blockIdle: blocks.map((x) => x.b.idle),
    blockKeyboards: blocks.map((x) => x.b.keyboard),
    blockMice: blocks.map((x) => x.b.mouse),
    blockPings: blocks.map((x) => x.b.pings),
  };
}

/**
 * Ping ingest's one statement, for batches later than every ping their shift has (each shift once): the updated row
 * of each shift written; a shift missing from the answer is no longer the one expected (nothing written for it: the
 * caller takes the locked path). Should a ping id already be there, the statement fails as a whole (PostgreSQL's
 * `division_by_zero`), so nothing is counted twice. One statement: one round trip, no transaction block around it.
 */
export async function writeInOrder(
  db: Db,
  writes: InOrderWrite[],
  now: Date,
): Promise<Map<number, AttendanceRow>> {
  const rows = await executePrepared(db, 'attendance_pings_in_order_v4', IN_ORDER, valuesOf(writes, now));
  const written = new Map<number, AttendanceRow>();
  for (const raw of rows)
    if (raw.id !== null && raw.id !== undefined) {
      const row = attendanceFromRaw(raw);
      written.set(row.id, row);
    }
  return written;
}
