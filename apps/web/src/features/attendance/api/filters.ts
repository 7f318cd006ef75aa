import { ATTENDANCE_STATUSES, type AttendanceStatus, MAX_RANGE_DAYS } from '@vahub/shared/attendance/schemas';
import { addDays, daysBetween, isValidDate } from '@vahub/shared/time/dates';

/**
 * The attendance lists' filters as the URL keeps them (`?from=2026-03-01&to=2026-03-07&va=12&status=absent`)
 * and as the API takes them. The page and its loader read the URL through these, so the loader fetches
 * exactly what the page shows. Values the API would refuse are dropped: a hand-edited URL shows the wider
 * list, never an error.
 */
export type Area = 'admin' | 'manager' | 'client';
export const PER_PAGE = 20;

type Params = Pick<URLSearchParams, 'get'>;

export interface AttendanceFilters {
  from?: string;
  to?: string;
  va?: number;
  client?: number;
  team?: number;
  status?: AttendanceStatus;
  page: number;
}

const text = (p: Params, key: string) => p.get(key)?.trim() || undefined;
const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const date = (value: string | undefined) => (value && isValidDate(value) ? value : undefined);

/** The filters in the URL; filters the area cannot use (a client's client or team) are ignored. */
export function filtersOf(p: Params, area: Area): AttendanceFilters {
  const status = text(p, 'status');
  let from = date(text(p, 'from'));
  let to = date(text(p, 'to'));
  // A reversed range would be refused (422): read it the way the person meant it.
  if (from && to && to < from) [from, to] = [to, from];
  // Past the API's longest range the list would be refused: keep the last year up to `to`.
  if (from && to && daysBetween(from, to) > MAX_RANGE_DAYS) from = addDays(to, -MAX_RANGE_DAYS);
  return {
    from,
    to,
    va: positive(text(p, 'va')),
    client: area === 'client' ? undefined : positive(text(p, 'client')),
    team: area === 'client' ? undefined : positive(text(p, 'team')),
    status: ATTENDANCE_STATUSES.includes(status as AttendanceStatus)
      ? (status as AttendanceStatus)
      : undefined,
    page: positive(text(p, 'page')) ?? 1,
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
