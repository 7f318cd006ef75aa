import type { VaSummary, vaSummaryQuerySchema } from '@vahub/shared/attendance/schemas';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { pageOfPeople } from '../../people/public';
import { activityPercent } from '../attendance.mapper';
import { toPersonSummary } from '../attendance.people';
import { idleColumn, onlineColumn } from '../attendance.presence-sql';
import { attendanceScope } from '../attendance.scope';
import { attendances } from '../attendance.table';
import { attendanceFilters } from './reads.lists';
import { rangeOrWeek, zoneOf } from './reads.period';
import { assertVisibleFilters } from './reads.scope';

type Query = z.output<typeof vaSummaryQuerySchema>;

const a = attendances;
const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
/**
 * The sum of the shifts' scheduled lengths in seconds where `filter` holds (a shift on leave is not time the VA
 * owed: the callers' filters say so), exactly as numeric `extract(epoch …)` summed: each length in whole
 * microseconds from a float (a timestamp's resolution, so rounding the float gives it back exactly), summed as
 * integers, and divided once. Numeric arithmetic on every row cost a quarter of the dashboard counters' statement.
 */
export const scheduledSecondsSum = (filter: SQL) =>
  sql`(sum((date_part('epoch', ${a.scheduledEndAt} - ${a.scheduledStartAt}) * 1000000)::bigint) filter (where ${filter}) / 1000000.0)`;

/**
 * `list-users`: per VA over a period (default this week, Monday to Sunday in the viewer's zone, on the shifts'
 * dates): the page of VAs who have shifts in it, by name, then one GROUP BY for that page's figures. Presence
 * is now's, from any ongoing shift, whether or not it lies in the period.
 */
export async function summariesOfVas(deps: Deps, viewer: Viewer, q: Query) {
  await assertVisibleFilters(deps.db, viewer, q);
  const now = deps.clock.now();
  const range = rangeOrWeek(q, now, zoneOf(viewer.timezone));
  const inPeriod = and(...attendanceFilters(viewer, { start_date: range.from, end_date: range.to })) as SQL;
  const scoped = and(
    attendanceScope(viewer),
    ...attendanceFilters(viewer, { va_id: q.va_id, client_id: q.client_id, team_id: q.team_id }),
  );
  const ids = sql`(select ${a.vaId} from ${a} where ${and(scoped, inPeriod)})`;
  const { rows: vas, total } = await pageOfPeople(deps.db, ids, {
    search: q.search,
    page: { limit: q.per_page, offset: pageOffset(q.page, q.per_page) },
  });
  const figures = vas.length
    ? await deps.db
        .select({
          vaId: a.vaId,
          shifts: int(sql`count(*) filter (where ${inPeriod})`),
          completed: int(sql`count(*) filter (where ${inPeriod} and ${a.status} = 'completed')`),
          ongoing: int(sql`count(*) filter (where ${inPeriod} and ${a.status} = 'ongoing')`),
          absent: int(sql`count(*) filter (where ${inPeriod} and ${a.status} = 'absent')`),
          onLeave: int(sql`count(*) filter (where ${inPeriod} and ${a.status} = 'on_leave')`),
          late: int(sql`count(*) filter (where ${inPeriod} and ${a.lateMinutes} > 0)`),
          lateMinutes: int(sql`sum(${a.lateMinutes}) filter (where ${inPeriod})`),
          scheduled: int(scheduledSecondsSum(sql`${inPeriod} and ${a.status} <> 'on_leave'`)),
          worked: int(sql`sum(${a.workedSeconds}) filter (where ${inPeriod})`),
          active: int(sql`sum(${a.activeSeconds}) filter (where ${inPeriod})`),
          idle: int(sql`sum(${a.idleSeconds}) filter (where ${inPeriod})`),
          online: sql<boolean>`coalesce(bool_or(${onlineColumn(now)}), false)`,
          nowIdle: sql<boolean>`coalesce(bool_or(${idleColumn(now)}), false)`,
        })
        .from(a)
        .where(
          and(
            scoped,
            inArray(
              a.vaId,
              vas.map((v) => v.id),
            ),
            or(inPeriod, eq(a.status, 'ongoing')),
          ),
        )
        .groupBy(a.vaId)
    : [];
  const byVa = new Map(figures.map((f) => [f.vaId, f]));
  const data: VaSummary[] = vas.map((va) => {
    const f = byVa.get(va.id);
    return {
      va: toPersonSummary(va),
      shifts: f?.shifts ?? 0,
      completed: f?.completed ?? 0,
      ongoing: f?.ongoing ?? 0,
      absent: f?.absent ?? 0,
      on_leave: f?.onLeave ?? 0,
      late: f?.late ?? 0,
      late_minutes: f?.lateMinutes ?? 0,
      scheduled_seconds: f?.scheduled ?? 0,
      worked_seconds: f?.worked ?? 0,
      active_seconds: f?.active ?? 0,
      idle_seconds: f?.idle ?? 0,
      activity_percent: activityPercent(f?.active ?? 0, f?.worked ?? 0),
      online: Boolean(f?.online),
      idle: Boolean(f?.nowIdle),
    };
  });
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}
