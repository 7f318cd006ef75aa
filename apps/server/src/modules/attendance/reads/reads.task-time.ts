import { TRACKING } from '@vahub/shared/attendance/schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { attendanceItemSeconds, attendancePings, attendances } from '../attendance.table';

const epoch = (instant: SQL) => sql`floor(extract(epoch from ${instant}))`;

/**
 * The seconds one ping stands for, as SQL over `attendance_pings` joined to its `attendances` row, with ingest's
 * time model (tracker/time-model.ts): the time since the previous ping of its attendance (by `at`), at most
 * `TRACKING.pingIntervalSeconds`, never before the clock-in nor after the end nor in the latest break. Instants are floored to whole
 * seconds as ingest floors them, so the pieces add up exactly to the attendance's `worked_seconds`.
 * A window function: the query must hold every ping of the attendance up to this one (filter by what a ping
 * names only outside it).
 */
export function pingSecondsSql(): SQL {
  const p = attendancePings;
  const a = attendances;
  const at = epoch(sql`${p.at}`);
  const started = epoch(sql`${a.startedAt}`);
  const previous = epoch(sql`lag(${p.at}) over (partition by ${p.attendanceId} order by ${p.at}, ${p.id})`);
  const ended = epoch(sql`${a.endedAt}`);
  const hi = sql`least(${at}, coalesce(${ended}, ${at}))`;
  const lo = sql`greatest(${at} - ${TRACKING.pingIntervalSeconds}, ${started}, coalesce(${previous}, ${started}))`;
  // The latest break (clocked out, then in again) is no ping's time: its overlap with the span is taken off.
  const paused = sql`greatest(0, least(${hi}, ${epoch(sql`${a.resumedAt}`)}) - greatest(${lo}, ${epoch(sql`${a.pausedAt}`)}))`;
  // (least/greatest skip nulls: without a break there is nothing to take off.)
  return sql`greatest(0, ${hi} - ${lo}) - (case when ${a.pausedAt} is not null and ${a.resumedAt} is not null and ${hi} > ${lo} then ${paused} else 0 end)`;
}

/** Which pings count: those naming one of these tasks, or one of these general tasks (ids, or a subquery). */
export type TrackedItems = { taskIds: number[] | SQL } | { generalTaskIds: number[] | SQL };

/** Local dates of the attendances (the contract's zone; an overnight shift belongs to the day it starts). */
export type TrackedPeriod = { from: string; to: string };

const idSet = (ids: number[] | SQL) =>
  Array.isArray(ids)
    ? sql`(${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : ids;

/**
 * Tracked seconds per task (or per general task) of the organization: the pings that named it, each counted
 * with the time model above, so the items of one shift add up to its worked time (a replayed ping is stored
 * once, a burst of late pings never counts a minute twice). With a period, only attendances of those local
 * dates. Items nobody tracked are absent from the map.
 *
 * Finished shifts counted by `countTaskTime` are read from `attendance_item_seconds` (an indexed sum); the others
 * (running, just ended, or changed since) from their pings: the partial indexes on `(task_id, attendance_id)` and
 * `(general_task_id, attendance_id)` find the shifts that named an item, whose pings are then read in full, since
 * a ping's seconds depend on the one before it.
 */
export async function trackedSecondsByItem(
  db: Db,
  organizationId: number,
  items: TrackedItems,
  period?: TrackedPeriod,
): Promise<Map<number, number>> {
  const p = attendancePings;
  const a = attendances;
  const s = attendanceItemSeconds;
  const ids = 'taskIds' in items ? items.taskIds : items.generalTaskIds;
  if (Array.isArray(ids) && !ids.length) return new Map();
  const column = 'taskIds' in items ? p.taskId : p.generalTaskId;
  const countedColumn = 'taskIds' in items ? s.taskId : s.generalTaskId;
  const inPeriod = period ? sql`and ${a.date} between ${period.from}::date and ${period.to}::date` : sql``;
  const result = await db.execute<{ item: number; seconds: number }>(sql`
    with named as (
      select distinct ${p.attendanceId} as attendance_id from ${p}
      inner join ${a} on ${a.id} = ${p.attendanceId} and ${a.itemsCountedAt} is null
      where ${column} in ${idSet(ids)} and ${p.organizationId} = ${organizationId}
    ), live as (
      select ${column} as item, ${pingSecondsSql()} as secs
      from ${p} inner join ${a} on ${a.id} = ${p.attendanceId}
      where ${p.attendanceId} in (select attendance_id from named) and ${a.organizationId} = ${organizationId}
        ${inPeriod}
    ), counted as (
      select ${countedColumn} as item, ${s.seconds} as secs
      from ${s} inner join ${a} on ${a.id} = ${s.attendanceId} and ${a.itemsCountedAt} is not null
      where ${countedColumn} in ${idSet(ids)} and ${s.organizationId} = ${organizationId} ${inPeriod}
    )
    select item::int as item, sum(secs)::int as seconds
    from (select item, secs from live where item in ${idSet(ids)} union all select item, secs from counted) t
    group by item`);
  const rows = rowsOf<{ item: number; seconds: number }>(result);
  return new Map(rows.filter((r) => Number(r.seconds) > 0).map((r) => [Number(r.item), Number(r.seconds)]));
}
