import { addDays } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { REPORT_DEFAULT_DAYS, type ReportQuery } from '@vahub/shared/timesheets/reports';
import { and, type SQL } from 'drizzle-orm';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import {
  assertVisibleFilters,
  attendanceScope,
  periodAndPeopleFilters,
  shiftsView,
} from '../../attendance/public';

/** The filters every report takes (a read's or an export's query: pagination and format aside). */
export type ReportFilters = Pick<ReportQuery, 'start_date' | 'end_date' | 'va_id' | 'client_id' | 'team_id'>;

/** The period a report answers for: inclusive local dates (the attendances' own `date`). */
export type ReportPeriod = { start_date: string; end_date: string };

/**
 * The query's dates; one side alone means `REPORT_DEFAULT_DAYS` from (or up to) it; none the last
 * `REPORT_DEFAULT_DAYS` days up to today. Today is the viewer's, as the attendance reads take it
 * (`attendance/reads/reads.period.ts` reads "today" in the viewer's own zone).
 */
export function reportPeriod(q: ReportFilters, now: Date, timeZone: string): ReportPeriod {
  const span = REPORT_DEFAULT_DAYS - 1;
  if (q.start_date && q.end_date) return { start_date: q.start_date, end_date: q.end_date };
  if (q.start_date) return { start_date: q.start_date, end_date: addDays(q.start_date, span) };
  if (q.end_date) return { start_date: addDays(q.end_date, -span), end_date: q.end_date };
  const today = localDate(now, timeZone || 'UTC');
  return { start_date: addDays(today, -span), end_date: today };
}

/** Every local date of the period, in order (the daily report's chart has a point for each). */
export function datesOf(period: ReportPeriod): string[] {
  const dates: string[] = [];
  for (let d = period.start_date; d <= period.end_date; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** What a report reads: the viewer's attendances of the period matching the filters. */
export type ReportScope = { period: ReportPeriod; where: SQL; filters: ReportFilters & ReportPeriod };

/**
 * The report's period and its `where` over the shifts (`shiftsView`): the viewer's scope (admin the
 * organization, a manager their VAs, a client their own contracts' shifts), then the filters, each one's row
 * checked against the scope first (404 outside it, like the attendance lists).
 */
export async function reportScope(deps: Deps, viewer: Viewer, q: ReportFilters): Promise<ReportScope> {
  await assertVisibleFilters(deps.db, viewer, q);
  const period = reportPeriod(q, deps.clock.now(), viewer.timezone);
  const filters = { va_id: q.va_id, client_id: q.client_id, team_id: q.team_id, ...period };
  const where = and(
    attendanceScope(viewer),
    ...periodAndPeopleFilters(shiftsView, viewer.organizationId, filters),
  ) as SQL;
  return { period, where, filters };
}

/** An integer percentage of `part` in `whole`, null when the whole is 0. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 100) / whole) : null;
