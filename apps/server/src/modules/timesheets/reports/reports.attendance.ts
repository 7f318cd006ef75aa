import type { AttendanceReport, AttendanceReportRow } from '@vahub/shared/timesheets/reports';
import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { paginationMeta } from '../../../lib/pagination';
import { shiftsView } from '../../attendance/public';
import type { ReportScope } from './reports.scope';
import { percentOf } from './reports.scope';
import {
  countWhere,
  int,
  isAbsent,
  lateStart,
  onLeave,
  onTime,
  type PageQuery,
  type Slice,
  sliceOf,
  started,
  sumWhere,
  vaName,
  vaSummaries,
} from './reports.sql';

const a = shiftsView;

/**
 * Attendance report: per VA, how the period's shifts went. On time and late are the shifts clocked in (within
 * the grace or later); absent and on leave their statuses; open the shifts still to come.
 */
const counts = {
  shifts: int(sql`count(*)`),
  on_time: countWhere(onTime),
  late: countWhere(lateStart),
  absent: countWhere(isAbsent),
  on_leave: countWhere(onLeave),
  open: countWhere(sql`${a.status} = 'upcoming'`),
  late_minutes: sumWhere(a.lateMinutes, started),
};

type Counts = { [K in keyof typeof counts]: number };
type AttendanceCounts = Omit<AttendanceReportRow, 'va'>;

/** Punctuality: on time of the judged shifts (on time, late, absent); leave and open shifts are not judged. */
const withPunctuality = (c: Counts): AttendanceCounts => ({
  ...c,
  punctuality_percent: percentOf(c.on_time, c.on_time + c.late + c.absent),
});

/** The rows of one page (or all of them: `slice` null), by VA name. */
export async function attendanceRows(
  db: Db,
  scope: ReportScope,
  slice: Slice,
): Promise<AttendanceReportRow[]> {
  const query = db
    .select({ vaId: a.vaId, name: vaName, ...counts })
    .from(a)
    .where(scope.where)
    .groupBy(a.vaId)
    .orderBy(asc(vaName), asc(a.vaId));
  const rows = await (slice ? query.limit(slice.limit).offset(slice.offset) : query);
  const person = await vaSummaries(
    db,
    rows.map((r) => r.vaId),
  );
  return rows.map(({ vaId, name: _name, ...c }) => ({ va: person(vaId), ...withPunctuality(c) }));
}

/** The counts over every row of the report, and how many rows (VAs) it has. */
export async function attendanceTotals(db: Db, scope: ReportScope) {
  const [row] = await db
    .select({ rows: count(sql`distinct ${a.vaId}`), ...counts })
    .from(a)
    .where(scope.where);
  const { rows, ...c } = row;
  return { rows, totals: withPunctuality(c) };
}

/** `reports/attendance`: a page of VAs, with the totals of every row. */
export async function attendanceReport(db: Db, scope: ReportScope, q: PageQuery): Promise<AttendanceReport> {
  const [data, { rows, totals }] = await Promise.all([
    attendanceRows(db, scope, sliceOf(q)),
    attendanceTotals(db, scope),
  ]);
  return { data, meta: { ...paginationMeta(q.page, q.per_page, rows), period: scope.period, totals } };
}
