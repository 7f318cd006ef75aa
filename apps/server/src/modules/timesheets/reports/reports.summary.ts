import type { SummaryReport, SummaryReportRow } from '@vahub/shared/timesheets/reports';
import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paginationMeta } from '../../../lib/pagination';
import type { Viewer } from '../../../lib/viewer';
import { shiftsView } from '../../attendance/public';
import { screenshotCountsByVa } from '../../screenshots/public';
import { FIGURE_NAMES, type FigureName, figures } from '../timesheets.figures';
import { timesheets } from '../timesheets.table';
import { percentOf, type ReportScope } from './reports.scope';
import {
  type PageQuery,
  type Slice,
  shiftCounts,
  sliceOf,
  sumWhere,
  vaName,
  vaSummaries,
} from './reports.sql';

const a = shiftsView;

/**
 * Every attendance of the report with its timesheet when it has one (a shift not started has none, but counts
 * as a shift, and as absent when it was missed).
 */
export const timesheetOfAttendance = eq(timesheets.attendanceId, a.id);

/**
 * The timesheet figures summed over the timesheets only (`figures` over the left join would give a shift
 * without a timesheet its live schedule): what the timesheets list totals for the same rows.
 */
export const sheetTotals = Object.fromEntries(
  FIGURE_NAMES.map((k) => [k, sumWhere(figures[k], sql`${timesheets.id} is not null`)]),
) as Record<FigureName, SQL<number>>;

const columns = { ...sheetTotals, ...shiftCounts };

/** Activity is active of worked, over the summed minutes. */
export const withActivity = <T extends { active_minutes: number; worked_minutes: number }>(f: T) => ({
  ...f,
  activity_percent: percentOf(f.active_minutes, f.worked_minutes),
});

const screenshotsOf = (db: Db, viewer: Viewer, scope: ReportScope) =>
  screenshotCountsByVa(db, viewer, scope.filters);

/** The rows of one page (or all: `slice` null), by VA name, with each VA's screenshots. */
export async function summaryRows(
  db: Db,
  viewer: Viewer,
  scope: ReportScope,
  slice: Slice,
): Promise<SummaryReportRow[]> {
  const query = db
    .select({ vaId: a.vaId, name: vaName, ...columns })
    .from(a)
    .leftJoin(timesheets, timesheetOfAttendance)
    .where(scope.where)
    .groupBy(a.vaId)
    .orderBy(asc(vaName), asc(a.vaId));
  const [rows, shots] = await Promise.all([
    slice ? query.limit(slice.limit).offset(slice.offset) : query,
    screenshotsOf(db, viewer, scope),
  ]);
  const person = await vaSummaries(
    db,
    rows.map((r) => r.vaId),
  );
  return rows.map(({ vaId, name: _name, ...sums }) => ({
    va: person(vaId),
    ...withActivity(sums),
    screenshots: shots.get(vaId) ?? 0,
  }));
}

/** The sums over every row, the screenshots of all of them, and how many rows (VAs) there are. */
export async function summaryTotals(db: Db, viewer: Viewer, scope: ReportScope) {
  const [[row], shots] = await Promise.all([
    db
      .select({ rows: count(sql`distinct ${a.vaId}`), ...columns })
      .from(a)
      .leftJoin(timesheets, timesheetOfAttendance)
      .where(scope.where),
    screenshotsOf(db, viewer, scope),
  ]);
  const { rows, ...sums } = row;
  const screenshots = [...shots.values()].reduce((n, c) => n + c, 0);
  return { rows, totals: { ...withActivity(sums), screenshots } };
}

/** `reports/summary`: a page of VAs over the period, with the totals of every row. */
export async function summaryReport(
  db: Db,
  viewer: Viewer,
  scope: ReportScope,
  q: PageQuery,
): Promise<SummaryReport> {
  const [data, { rows, totals }] = await Promise.all([
    summaryRows(db, viewer, scope, sliceOf(q)),
    summaryTotals(db, viewer, scope),
  ]);
  return { data, meta: { ...paginationMeta(q.page, q.per_page, rows), period: scope.period, totals } };
}
