import type { calendarQuerySchema, timeblocksQuerySchema } from '@vahub/shared/attendance/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, asc, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { pageOfPeople } from '../../people/public';
import { toBlock } from '../attendance.mapper';
import { toPersonSummary } from '../attendance.people';
import { attendanceScope } from '../attendance.scope';
import { attendances as a, attendanceBlocks } from '../attendance.table';
import { attendanceFilters } from './reads.lists';
import { toLiveAttendance } from './reads.mapper';
import { period, zoneOf } from './reads.period';
import { findAttendances } from './reads.repository';
import { assertVisibleFilters } from './reads.scope';
import { scheduledSecondsSum } from './reads.summary';

type TimeblocksQuery = z.output<typeof timeblocksQuerySchema>;

/**
 * Admin `attendance/timeblocks`: one day in the viewer's zone (default today). A VA is on the page when one
 * of their shifts touches the day (scheduled, or worked past its schedule); each row has those shifts and
 * the blocks that start within the day. Three queries for any page: the VAs, their shifts, their blocks.
 */
export async function timeblocks(deps: Deps, viewer: Viewer, q: TimeblocksQuery) {
  await assertVisibleFilters(deps.db, viewer, q);
  const now = deps.clock.now();
  const date = q.date ?? localDate(now, zoneOf(viewer.timezone));
  const day = period(date, date, zoneOf(viewer.timezone));
  const touches = and(
    attendanceScope(viewer),
    ...attendanceFilters(viewer, { va_id: q.va_id, client_id: q.client_id, team_id: q.team_id }),
    // Local dates differ from the viewer's by at most a day; an overnight shift may start the day before.
    gte(a.date, addDays(date, -2)),
    lte(a.date, addDays(date, 1)),
    lt(a.scheduledStartAt, day.endAt),
    sql`greatest(${a.scheduledEndAt}, coalesce(${a.endedAt}, ${a.lastPingAt}, ${a.scheduledEndAt})) > ${day.startAt}`,
  ) as SQL;
  const { rows: vas, total } = await pageOfPeople(
    deps.db,
    sql`(select ${a.vaId} from ${a} where ${touches})`,
    {
      page: { limit: q.per_page, offset: pageOffset(q.page, q.per_page) },
    },
  );
  const ids = vas.map((v) => v.id);
  const [shifts, blocks] = ids.length
    ? await Promise.all([
        findAttendances(deps.db, now, and(touches, inArray(a.vaId, ids)), [
          asc(a.scheduledStartAt),
          asc(a.id),
        ]),
        deps.db
          .select()
          .from(attendanceBlocks)
          .where(
            and(
              inArray(attendanceBlocks.vaId, ids),
              gte(attendanceBlocks.startAt, day.startAt),
              lt(attendanceBlocks.startAt, day.endAt),
              // Only the blocks of shifts the viewer sees (a client filter keeps another client's work out).
              inArray(attendanceBlocks.attendanceId, sql`(select ${a.id} from ${a} where ${touches})`),
            ),
          )
          .orderBy(asc(attendanceBlocks.startAt)),
      ])
    : [[], []];
  const data = vas.map((va) => ({
    va: toPersonSummary(va),
    date,
    attendances: shifts.filter((s) => s.attendance.vaId === va.id).map(toLiveAttendance),
    blocks: blocks.filter((b) => b.vaId === va.id).map(toBlock),
  }));
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}

type CalendarQuery = z.output<typeof calendarQuerySchema>;

const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

/** Admin `attendance/calendar`: every day of the month, counts by status on the shifts' own dates. */
export async function calendar(deps: Deps, viewer: Viewer, q: CalendarQuery) {
  await assertVisibleFilters(deps.db, viewer, q);
  const first = `${q.month}-01`;
  const next = addDays(first, 32).slice(0, 7);
  const last = addDays(`${next}-01`, -1);
  const rows = await deps.db
    .select({
      date: a.date,
      upcoming: int(sql`count(*) filter (where ${a.status} = 'upcoming')`),
      ongoing: int(sql`count(*) filter (where ${a.status} = 'ongoing')`),
      completed: int(sql`count(*) filter (where ${a.status} = 'completed')`),
      absent: int(sql`count(*) filter (where ${a.status} = 'absent')`),
      onLeave: int(sql`count(*) filter (where ${a.status} = 'on_leave')`),
      late: int(sql`count(*) filter (where ${a.lateMinutes} > 0)`),
      worked: int(sql`sum(${a.workedSeconds})`),
      scheduled: int(scheduledSecondsSum(sql`${a.status} <> 'on_leave'`)),
    })
    .from(a)
    .where(
      and(attendanceScope(viewer), ...attendanceFilters(viewer, { ...q, start_date: first, end_date: last })),
    )
    .groupBy(a.date);
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const days = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    const r = byDate.get(d);
    days.push({
      date: d,
      upcoming: r?.upcoming ?? 0,
      ongoing: r?.ongoing ?? 0,
      completed: r?.completed ?? 0,
      absent: r?.absent ?? 0,
      on_leave: r?.onLeave ?? 0,
      late: r?.late ?? 0,
      worked_seconds: r?.worked ?? 0,
      scheduled_seconds: r?.scheduled ?? 0,
    });
  }
  return { month: q.month, days };
}
