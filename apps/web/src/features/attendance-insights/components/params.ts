import { ATTENDANCE_LOG_TYPES, type AttendanceLogType } from '@vahub/shared/attendance/schemas';
import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { idParam, pageParam } from '../../../lib/url-params';
import type { CalendarQuery, DurationQuery, LogsQuery, TimeblocksQuery } from '../api/insights';
import { DURATION_SORTS, type DurationSort, monthOf, type SortDir } from './insights-math';

/**
 * Each page's request from its URL (the page and its loader read the same, so the prefetch is the page's
 * query). Only what the URL holds is sent: the server's defaults (this week, today) are the viewer's own.
 */
const text = (params: URLSearchParams, key: string) => params.get(key) || undefined;
const scope = (params: URLSearchParams) => ({
  va_id: idParam(params, 'va_id'),
  client_id: idParam(params, 'client_id'),
  team_id: idParam(params, 'team_id'),
});

/** Enough rows that sorting a page sorts (nearly) everyone: the endpoint pages by name. */
export const DURATION_PAGE_SIZE = 100;
export const TIMEBLOCKS_PAGE_SIZE = 10;
export const LOGS_PAGE_SIZE = 25;

export const durationQueryOf = (params: URLSearchParams): DurationQuery => ({
  page: pageParam(params),
  per_page: DURATION_PAGE_SIZE,
  start_date: text(params, 'start_date'),
  end_date: text(params, 'end_date'),
  search: text(params, 'search'),
  ...scope(params),
});

export function durationSortOf(params: URLSearchParams): { sort: DurationSort; dir: SortDir } {
  const sort = params.get('sort');
  return {
    sort: DURATION_SORTS.includes(sort as DurationSort) ? (sort as DurationSort) : 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
  };
}

export const timeblocksQueryOf = (params: URLSearchParams): TimeblocksQuery => ({
  page: pageParam(params),
  per_page: TIMEBLOCKS_PAGE_SIZE,
  date: text(params, 'date'),
  ...scope(params),
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The calendar's request: the month is always named (the endpoint requires one). */
export type CalendarFilters = CalendarQuery & { month: string };
export const calendarQueryOf = (params: URLSearchParams, today: string): CalendarFilters => {
  const month = params.get('month');
  return { month: month && MONTH.test(month) ? month : monthOf(today), ...scope(params) };
};

export const logsQueryOf = (params: URLSearchParams): LogsQuery => {
  const type = params.get('type');
  return {
    page: pageParam(params),
    per_page: LOGS_PAGE_SIZE,
    va_id: idParam(params, 'va_id'),
    type: ATTENDANCE_LOG_TYPES.includes(type as AttendanceLogType) ? (type as AttendanceLogType) : undefined,
    start_date: text(params, 'start_date'),
    end_date: text(params, 'end_date'),
  };
};

/** The period the duration page shows when the URL names none: the server's default, this week. */
export function durationPeriod(q: { start_date?: string; end_date?: string }, today: string) {
  const monday = addDays(today, 1 - isoWeekday(today));
  if (q.start_date && q.end_date) return { from: q.start_date, to: q.end_date };
  if (q.start_date) return { from: q.start_date, to: addDays(q.start_date, 6) };
  if (q.end_date) return { from: addDays(q.end_date, -6), to: q.end_date };
  return { from: monday, to: addDays(monday, 6) };
}
