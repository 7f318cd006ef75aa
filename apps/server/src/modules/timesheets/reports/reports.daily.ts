import type { AttendanceStatus } from '@vahub/shared/attendance/schemas';
import type { DailyReport, DailyReportDay, DailyReportRow } from '@vahub/shared/timesheets/reports';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { iso } from '../../../lib/clock';
import { paginationMeta } from '../../../lib/pagination';
import { shiftsView } from '../../attendance/public';
import { live } from '../timesheets.figures';
import { datesOf, percentOf, type ReportScope } from './reports.scope';
import {
  int,
  notOnLeave,
  type PageQuery,
  type Slice,
  shiftCounts,
  sliceOf,
  started,
  sumWhere,
  vaName,
  vaSummaries,
} from './reports.sql';

const a = shiftsView;

/**
 * Daily report: per local date and VA, scheduled against worked. Minutes are each attendance's seconds
 * rounded, then summed (the timesheets' rounding, so a day here and its timesheets agree); a shift on leave
 * is no scheduled time. Activity is active of worked.
 */
const figures = {
  scheduled_minutes: sumWhere(live.scheduled, notOnLeave),
  worked_minutes: int(sql`sum(${live.worked})`),
  active_minutes: int(sql`sum(${live.active})`),
  late_minutes: sumWhere(a.lateMinutes, started),
  ...shiftCounts,
};

type Figures = { [K in keyof typeof figures]: number };
type DailyFigures = Omit<DailyReportDay, 'date'>;

const withActivity = (f: Figures): DailyFigures => ({
  ...f,
  activity_percent: percentOf(f.active_minutes, f.worked_minutes),
});

const ZERO: Figures = {
  scheduled_minutes: 0,
  worked_minutes: 0,
  active_minutes: 0,
  late_minutes: 0,
  shifts: 0,
  late: 0,
  absent: 0,
};

/** The rows of one page (or all: `slice` null), by date, then VA name. */
export async function dailyRows(db: Db, scope: ReportScope, slice: Slice): Promise<DailyReportRow[]> {
  const query = db
    .select({
      date: a.date,
      vaId: a.vaId,
      name: vaName,
      ...figures,
      // Distinct and sorted: the kinds of day it was, not one entry per shift.
      statuses: sql<AttendanceStatus[]>`array_agg(distinct ${a.status} order by ${a.status})`,
      firstStart: sql<Date | null>`min(${a.startedAt})`.mapWith(a.startedAt),
      lastEnd: sql<Date | null>`max(${a.endedAt})`.mapWith(a.endedAt),
    })
    .from(a)
    .where(scope.where)
    .groupBy(a.date, a.vaId)
    .orderBy(asc(a.date), asc(vaName), asc(a.vaId));
  const rows = await (slice ? query.limit(slice.limit).offset(slice.offset) : query);
  const person = await vaSummaries(
    db,
    rows.map((r) => r.vaId),
  );
  return rows.map(({ date, vaId, name: _name, statuses, firstStart, lastEnd, ...f }) => ({
    date,
    va: person(vaId),
    ...withActivity(f),
    statuses,
    first_start_at: iso(firstStart),
    last_end_at: iso(lastEnd),
  }));
}

/**
 * Every date of the period with its figures (zeros for a day without shifts), the totals over them, and how
 * many (date, VA) rows the report has: one query grouped by date.
 */
export async function dailyDays(db: Db, scope: ReportScope) {
  const grouped = await db
    .select({ date: a.date, vas: int(sql`count(distinct ${a.vaId})`), ...figures })
    .from(a)
    .where(scope.where)
    .groupBy(a.date);
  const byDate = new Map(grouped.map(({ date, vas, ...f }) => [date, f]));
  const days = datesOf(scope.period).map((date) => ({ date, ...withActivity(byDate.get(date) ?? ZERO) }));
  const sums = { ...ZERO };
  for (const f of byDate.values()) for (const k of Object.keys(sums) as Array<keyof Figures>) sums[k] += f[k];
  return { days, totals: withActivity(sums), rows: grouped.reduce((n, d) => n + d.vas, 0) };
}

/** `reports/daily`: a page of (date, VA) rows, every day of the period for the chart, the totals. */
export async function dailyReport(db: Db, scope: ReportScope, q: PageQuery): Promise<DailyReport> {
  const [data, { days, totals, rows }] = await Promise.all([
    dailyRows(db, scope, sliceOf(q)),
    dailyDays(db, scope),
  ]);
  return { data, meta: { ...paginationMeta(q.page, q.per_page, rows), period: scope.period, days, totals } };
}
