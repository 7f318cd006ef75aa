import { ATTENDANCE_STATUSES, type AttendanceStatus } from '@vahub/shared/attendance/schemas';
import { type ParamReader, periodParams, positiveInteger, textParam } from '../../../lib/url-params';

/**
 * The attendance lists' filters as the URL keeps them (`?from=2026-03-01&to=2026-03-07&va=12&status=absent`)
 * and as the API takes them. The page and its loader read the URL through these, so the loader fetches
 * exactly what the page shows. Values the API would refuse are dropped: a hand-edited URL shows the wider
 * list, never an error.
 */
export type Area = 'admin' | 'manager' | 'client';
export const PER_PAGE = 20;

export interface AttendanceFilters {
  from?: string;
  to?: string;
  va?: number;
  client?: number;
  team?: number;
  status?: AttendanceStatus;
  page: number;
}

/** The filters in the URL; filters the area cannot use (a client's client or team) are ignored. */
export function filtersOf(p: ParamReader, area: Area): AttendanceFilters {
  const status = textParam(p, 'status');
  // A reversed range or one past the API's longest would be refused (422): turned round, it keeps its last year.
  const { from, to } = periodParams(p);
  return {
    from,
    to,
    va: positiveInteger(textParam(p, 'va')),
    client: area === 'client' ? undefined : positiveInteger(textParam(p, 'client')),
    team: area === 'client' ? undefined : positiveInteger(textParam(p, 'team')),
    status: ATTENDANCE_STATUSES.includes(status as AttendanceStatus)
      ? (status as AttendanceStatus)
      : undefined,
    page: positiveInteger(textParam(p, 'page')) ?? 1,
  };
}

/** The API's query for the area's attendance list (`attendance` or the client's `va-attendance-list`). */
export function listQueryOf(f: AttendanceFilters) {
  return {
    page: f.page,
    per_page: PER_PAGE,
    start_date: f.from,
    end_date: f.to,
    va_id: f.va,
    client_id: f.client,
    team_id: f.team,
    status: f.status,
  };
}

/** Whether anything narrows the list (the empty state then says to widen the filters). */
export const isFiltered = (f: AttendanceFilters): boolean =>
  Boolean(f.from || f.to || f.va || f.client || f.team || f.status);
