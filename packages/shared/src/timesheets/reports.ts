import { z } from 'zod';
import { paginationMetaSchema, paginationQuerySchema } from '../api/problem';
import { ATTENDANCE_STATUSES, queryId, rangeFields, withRange } from '../attendance/schemas';
import { personSummarySchema } from '../contracts/schemas';
import { TIMESHEET_MESSAGES as M } from './messages';
import { minuteFiguresSchema } from './schemas';

/**
 * The spec's reports (issue 13), each a read over attendances and timesheets for a period. Minutes are whole;
 * dates are the attendances' local dates. Without `start_date`/`end_date` a report covers the last 7 days
 * (today in the viewer's zone included). Every report has an export (`…/export?format=xlsx|csv`).
 *
 * On time: clocked in with `late_minutes` 0 (within the contract's grace); late: clocked in later; absent:
 * never clocked in before the shift ended; on leave: covered by an approved leave.
 */
export const REPORT_NAMES = ['attendance', 'daily', 'summary', 'team-summary'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
/** A report without dates covers this many days up to today. */
export const REPORT_DEFAULT_DAYS = 7;

const int = z.number().int();

export const reportQuerySchema = withRange(
  paginationQuerySchema.extend({ ...rangeFields, va_id: queryId, client_id: queryId, team_id: queryId }),
);
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export const reportExportQuerySchema = withRange(
  z.object({
    ...rangeFields,
    va_id: queryId,
    client_id: queryId,
    team_id: queryId,
    format: z.enum(REPORT_FORMATS, { error: M.choose_report_format }).default('xlsx'),
  }),
);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** The period a report answered for (the defaults filled in). */
const periodSchema = z.object({ start_date: z.string(), end_date: z.string() });

// Attendance report: per VA, how the shifts went.
const attendanceCountsSchema = z.object({
  shifts: int,
  on_time: int,
  late: int,
  absent: int,
  on_leave: int,
  /** Shifts still to come or under way in the period (not judged yet). */
  open: int,
  late_minutes: int,
  /** On time of the judged shifts that were not on leave (0–100); null when none. */
  punctuality_percent: int.nullable(),
});
export const attendanceReportRowSchema = attendanceCountsSchema.extend({ va: personSummarySchema });
export type AttendanceReportRow = z.infer<typeof attendanceReportRowSchema>;
export const attendanceReportSchema = z.object({
  data: z.array(attendanceReportRowSchema),
  meta: paginationMetaSchema.extend({ period: periodSchema, totals: attendanceCountsSchema }),
});
export type AttendanceReport = z.infer<typeof attendanceReportSchema>;

// Daily report: per day and VA, scheduled against worked.
const dailyFiguresSchema = z.object({
  scheduled_minutes: int,
  worked_minutes: int,
  active_minutes: int,
  activity_percent: int.nullable(),
  late_minutes: int,
  shifts: int,
  late: int,
  absent: int,
});
export const dailyReportRowSchema = dailyFiguresSchema.extend({
  date: z.string(),
  va: personSummarySchema,
  /** The day's shifts' statuses, e.g. ['completed'], ['absent', 'completed']. */
  statuses: z.array(z.enum(ATTENDANCE_STATUSES)),
  first_start_at: z.string().nullable(),
  last_end_at: z.string().nullable(),
});
export type DailyReportRow = z.infer<typeof dailyReportRowSchema>;
/** Every day of the period (the chart), whatever page of rows is shown. */
export const dailyReportDaySchema = dailyFiguresSchema.extend({ date: z.string() });
export type DailyReportDay = z.infer<typeof dailyReportDaySchema>;
export const dailyReportSchema = z.object({
  data: z.array(dailyReportRowSchema),
  meta: paginationMetaSchema.extend({
    period: periodSchema,
    days: z.array(dailyReportDaySchema),
    totals: dailyFiguresSchema,
  }),
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

// Summary report: per VA over the period (timesheet figures with attendance counts).
const summaryFiguresSchema = minuteFiguresSchema.extend({
  shifts: int,
  late: int,
  absent: int,
  activity_percent: int.nullable(),
  screenshots: int,
});
export const summaryReportRowSchema = summaryFiguresSchema.extend({ va: personSummarySchema });
export type SummaryReportRow = z.infer<typeof summaryReportRowSchema>;
export const summaryReportSchema = z.object({
  data: z.array(summaryReportRowSchema),
  meta: paginationMetaSchema.extend({ period: periodSchema, totals: summaryFiguresSchema }),
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;

// Team summary: per team (VAs without a team are one row with `team: null`).
const teamFiguresSchema = z.object({
  members: int,
  scheduled_minutes: int,
  worked_minutes: int,
  active_minutes: int,
  billable_minutes: int,
  activity_percent: int.nullable(),
  shifts: int,
  late: int,
  absent: int,
});
export const teamSummaryRowSchema = teamFiguresSchema.extend({
  team: z.object({ id: int, name: z.string() }).nullable(),
});
export type TeamSummaryRow = z.infer<typeof teamSummaryRowSchema>;
export const teamSummaryReportSchema = z.object({
  data: z.array(teamSummaryRowSchema),
  meta: paginationMetaSchema.extend({ period: periodSchema, totals: teamFiguresSchema }),
});
export type TeamSummaryReport = z.infer<typeof teamSummaryReportSchema>;
