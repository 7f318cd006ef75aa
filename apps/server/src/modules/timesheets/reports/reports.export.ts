import type {
  AttendanceReportRow,
  DailyReportRow,
  ReportExportQuery,
  ReportName,
  SummaryReportRow,
  TeamSummaryRow,
} from '@vahub/shared/timesheets/reports';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
// The same module's writer: spelled from the modules folder, as the boundary rule reads `../exports/…` as
// another module's internals.
import {
  type CellValue,
  sendFile,
  sheet,
  type TableColumn,
  writeTable,
} from '../../timesheets/exports/table-writer';
import { attendanceRows, attendanceTotals } from './reports.attendance';
import { dailyDays, dailyRows } from './reports.daily';
import { type ReportScope, reportScope } from './reports.scope';
import type { Slice } from './reports.sql';
import { summaryRows, summaryTotals } from './reports.summary';
import { teamRows, teamTotals } from './reports.team';

/**
 * A report's export: the rows of every page in the report's order, then a totals row, as one XLSX sheet or a
 * CSV, named `<report>_<start>_<end>.<ext>`. Rows are read in batches, so a year of daily rows is never held
 * whole; the totals are the JSON report's `meta.totals`.
 */
const BATCH = 1000;

async function* batches<R>(read: (slice: Slice) => Promise<R[]>): AsyncGenerator<R[]> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await read({ limit: BATCH, offset });
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
  }
}

/** A line of the file: a report's row, or the totals (labelled in the first column). */
type Line<R, T> = { row: R; totals?: never } | { row?: never; totals: T };

/** Columns a row and the totals share (`pick` reads either), and those only rows have (blank on the totals). */
const shared = <R extends T, T>(
  header: string,
  pick: (f: T) => CellValue,
  kind: TableColumn<unknown>['kind'] = 'int',
): TableColumn<Line<R, T>> => ({ header, kind, value: (l) => pick((l.row ?? l.totals) as T) });
const rowOnly = <R, T>(
  header: string,
  pick: (r: R) => CellValue,
  total: CellValue = null,
  kind: TableColumn<unknown>['kind'] = 'text',
  width?: number,
): TableColumn<Line<R, T>> => ({ header, kind, width, value: (l) => (l.row ? pick(l.row) : total) });

const TOTAL = 'Total';

async function* withTotals<R, T>(
  rows: AsyncIterable<R[]>,
  totals: () => Promise<T>,
): AsyncGenerator<Line<R, T>[]> {
  for await (const batch of rows) yield batch.map((row) => ({ row }));
  yield [{ totals: await totals() }];
}

type Counts = Omit<AttendanceReportRow, 'va'>;
const attendanceColumns: TableColumn<Line<AttendanceReportRow, Counts>>[] = [
  rowOnly('Virtual assistant', (r) => r.va.name, TOTAL, 'text', 28),
  rowOnly('Email', (r) => r.va.email, null, 'text', 30),
  shared('Shifts', (f) => f.shifts),
  shared('On time', (f) => f.on_time),
  shared('Late', (f) => f.late),
  shared('Absent', (f) => f.absent),
  shared('On leave', (f) => f.on_leave),
  shared('Open', (f) => f.open),
  shared('Late minutes', (f) => f.late_minutes),
  shared('Punctuality %', (f) => f.punctuality_percent, 'percent'),
];

type DailyTotals = Omit<DailyReportRow, 'va' | 'date' | 'statuses' | 'first_start_at' | 'last_end_at'>;
const dailyColumns: TableColumn<Line<DailyReportRow, DailyTotals>>[] = [
  rowOnly('Date', (r) => r.date, TOTAL, 'date', 12),
  rowOnly('Virtual assistant', (r) => r.va.name, null, 'text', 28),
  shared('Scheduled minutes', (f) => f.scheduled_minutes),
  shared('Worked minutes', (f) => f.worked_minutes),
  shared('Worked hours', (f) => hours(f.worked_minutes), 'decimal'),
  shared('Active minutes', (f) => f.active_minutes),
  shared('Activity %', (f) => f.activity_percent, 'percent'),
  shared('Late minutes', (f) => f.late_minutes),
  shared('Shifts', (f) => f.shifts),
  shared('Late', (f) => f.late),
  shared('Absent', (f) => f.absent),
  rowOnly('Statuses', (r) => r.statuses.join(', '), null, 'text', 20),
  rowOnly('First start', (r) => r.first_start_at, null, 'text', 24),
  rowOnly('Last end', (r) => r.last_end_at, null, 'text', 24),
];

type SummaryTotals = Omit<SummaryReportRow, 'va'>;
const summaryColumns: TableColumn<Line<SummaryReportRow, SummaryTotals>>[] = [
  rowOnly('Virtual assistant', (r) => r.va.name, TOTAL, 'text', 28),
  rowOnly('Email', (r) => r.va.email, null, 'text', 30),
  shared('Scheduled minutes', (f) => f.scheduled_minutes),
  shared('Worked minutes', (f) => f.worked_minutes),
  shared('Worked hours', (f) => hours(f.worked_minutes), 'decimal'),
  shared('Active minutes', (f) => f.active_minutes),
  shared('Idle minutes', (f) => f.idle_minutes),
  shared('Overtime minutes', (f) => f.overtime_minutes),
  shared('Adjustment minutes', (f) => f.adjustment_minutes),
  shared('Billable minutes', (f) => f.billable_minutes),
  shared('Billable hours', (f) => hours(f.billable_minutes), 'decimal'),
  shared('Activity %', (f) => f.activity_percent, 'percent'),
  shared('Shifts', (f) => f.shifts),
  shared('Late', (f) => f.late),
  shared('Absent', (f) => f.absent),
  shared('Screenshots', (f) => f.screenshots),
];

type TeamTotals = Omit<TeamSummaryRow, 'team'>;
const teamColumns: TableColumn<Line<TeamSummaryRow, TeamTotals>>[] = [
  rowOnly('Team', (r) => r.team?.name ?? 'No team', TOTAL, 'text', 28),
  shared('Members', (f) => f.members),
  shared('Scheduled minutes', (f) => f.scheduled_minutes),
  shared('Worked minutes', (f) => f.worked_minutes),
  shared('Worked hours', (f) => hours(f.worked_minutes), 'decimal'),
  shared('Active minutes', (f) => f.active_minutes),
  shared('Billable minutes', (f) => f.billable_minutes),
  shared('Billable hours', (f) => hours(f.billable_minutes), 'decimal'),
  shared('Activity %', (f) => f.activity_percent, 'percent'),
  shared('Shifts', (f) => f.shifts),
  shared('Late', (f) => f.late),
  shared('Absent', (f) => f.absent),
];

/** Decimal hours, two places (what payroll types in). */
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

const TITLES: Record<ReportName, string> = {
  attendance: 'Attendance report',
  daily: 'Daily report',
  summary: 'Summary report',
  'team-summary': 'Team summary',
};

/** A report's sheet: its rows in batches, then its totals (read once the rows are written). */
const reportSheet = <R, T>(
  name: ReportName,
  columns: TableColumn<Line<R, T>>[],
  rows: (slice: Slice) => Promise<R[]>,
  totals: () => Promise<T>,
) => sheet({ name: TITLES[name], columns, rows: withTotals(batches(rows), totals) });

function linesOf(deps: Deps, viewer: Viewer, name: ReportName, scope: ReportScope) {
  const { db } = deps;
  const org = viewer.organizationId;
  switch (name) {
    case 'attendance':
      return reportSheet(
        name,
        attendanceColumns,
        (s) => attendanceRows(db, scope, s),
        async () => (await attendanceTotals(db, scope)).totals,
      );
    case 'daily':
      return reportSheet(
        name,
        dailyColumns,
        (s) => dailyRows(db, scope, s),
        async () => (await dailyDays(db, scope)).totals,
      );
    case 'summary':
      return reportSheet(
        name,
        summaryColumns,
        (s) => summaryRows(db, viewer, scope, s),
        async () => (await summaryTotals(db, viewer, scope)).totals,
      );
    case 'team-summary':
      return reportSheet(
        name,
        teamColumns,
        (s) => teamRows(db, org, scope, s),
        async () => (await teamTotals(db, org, scope)).totals,
      );
  }
}

/** `reports/<name>/export`: the scope and filters checked before anything is sent, then the file streamed. */
export async function exportReport(
  deps: Deps,
  viewer: Viewer,
  name: ReportName,
  q: ReportExportQuery,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const scope = await reportScope(deps, viewer, q);
  const file = `${name}_${scope.period.start_date}_${scope.period.end_date}.${q.format}`;
  return sendFile(reply, file, q.format, writeTable(q.format, [linesOf(deps, viewer, name, scope)]));
}
