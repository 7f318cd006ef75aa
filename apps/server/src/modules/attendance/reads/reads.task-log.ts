import type { taskLogQuerySchema } from '@vahub/shared/attendance/schemas';
import { addDays, dateToUtcMs } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf } from '../../../db/rows';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { attendanceScope } from '../attendance.scope';
import { attendancePings, attendances } from '../attendance.table';
import { zoneOf } from './reads.period';
import { pingSecondsSql } from './reads.task-time';

type Query = z.output<typeof taskLogQuerySchema>;
type Row = {
  date: string;
  contract_id: number;
  task_id: number | null;
  general_task_id: number | null;
  seconds: number;
  first_at: string;
  last_at: string;
};

const isoText = (expr: ReturnType<typeof sql>) =>
  sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The VA's `task-log`: tracked seconds per local date (the contract's zone), contract and task, from the
 * pings in one GROUP BY, with ingest's time model (tracker/time-model.ts): a ping stands for the time since
 * the previous ping, at most 60 s, never before the clock-in nor after the end, so the task log adds up to the
 * attendance's worked seconds and a burst of replayed pings never counts a minute twice.
 * (The time model's SQL is shared with the tracked time per task, reads.task-time.ts.)
 * The period defaults to the four weeks up to today (the VA's zone).
 */
export async function taskLog(deps: Deps, viewer: Viewer, q: Query) {
  const today = localDate(deps.clock.now(), zoneOf(viewer.timezone));
  const to = q.end_date ?? (q.start_date ? addDays(q.start_date, 27) : today);
  const from = q.start_date ?? addDays(to, -27);
  // Local dates lie within 14 h of UTC's: this UTC span holds every ping of the period (the index narrows).
  const lo = new Date(dateToUtcMs(addDays(from, -1)));
  const hi = new Date(dateToUtcMs(addDays(to, 2)));
  const p = attendancePings;
  const a = attendances;
  const grouped = sql`
    with counted as (
      select ${p.at} as at, ${p.taskId} as task_id, ${p.generalTaskId} as general_task_id,
        ${a.contractId} as contract_id, (${p.at} at time zone ${a.timezone})::date as local_date,
        ${pingSecondsSql()} as secs
      from ${p} inner join ${a} on ${a.id} = ${p.attendanceId}
      where ${p.vaId} = ${viewer.userId} and ${p.organizationId} = ${viewer.organizationId}
        and ${attendanceScope(viewer)} and ${p.at} >= ${lo} and ${p.at} < ${hi}
    )
    select local_date, contract_id, task_id, general_task_id, sum(secs) as seconds, min(at) as first_at, max(at) as last_at
    from counted where local_date between ${from}::date and ${to}::date
    group by local_date, contract_id, task_id, general_task_id`;
  const [page, count] = await Promise.all([
    deps.db.execute(sql`
      select to_char(g.local_date, 'YYYY-MM-DD') as date, g.contract_id::int as contract_id,
        g.task_id::int as task_id, g.general_task_id::int as general_task_id,
        round(g.seconds)::int as seconds, ${isoText(sql`g.first_at`)} as first_at, ${isoText(sql`g.last_at`)} as last_at
      from (${grouped}) g
      order by g.local_date desc, g.contract_id, g.task_id nulls first, g.general_task_id nulls first
      limit ${q.per_page} offset ${pageOffset(q.page, q.per_page)}`),
    deps.db.execute(sql`select count(*)::int as n from (${grouped}) g`),
  ]);
  const data = rowsOf<Row>(page).map((r) => ({ ...r, seconds: Number(r.seconds) }));
  const total = Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0);
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}
