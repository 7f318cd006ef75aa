import { addDays, mondayOf } from '@vahub/shared/time/dates';
import {
  CLIENT_STATUSES,
  type ClientStatus,
  TIMESHEET_STATUSES,
  type TimesheetStatus,
} from '@vahub/shared/timesheets/schemas';
import {
  oneOf,
  type ParamReader,
  periodParams,
  positiveInteger,
  textParam,
  validDate,
} from '../../../lib/url-params';

/**
 * The timesheets list's filters as the URL keeps them (`?from=2026-11-01&to=2026-11-26&va=12&status=pending`)
 * and as the API takes them. The page and its loader read the URL through these, so the loader prefetches
 * what the page shows. Values the API would refuse are dropped or repaired: a hand-edited URL never shows a 422.
 */
export type TimesheetArea = 'admin' | 'manager' | 'client';

export const LIST_PAGE_SIZE = 25;

export interface TimesheetFilters {
  from: string;
  to: string;
  va?: number;
  client?: number;
  team?: number;
  status?: TimesheetStatus;
  clientStatus?: ClientStatus;
  page: number;
}

/** The default period: the month so far (what a payroll run looks at first). */
export const defaultPeriod = (today: string) => ({ from: `${today.slice(0, 8)}01`, to: today });

/** A period from the URL: the month so far by default; one date alone is that day; reversed or too long is repaired. */
export function periodOf(p: ParamReader, today: string): { from: string; to: string } {
  const { from, to } = periodParams(p);
  if (!from && !to) return defaultPeriod(today);
  return { from: from ?? (to as string), to: to ?? (from as string) };
}

/** The list's filters in the URL; a client's own client filter and team filter are ignored. */
export function timesheetFiltersOf(
  p: ParamReader,
  area: TimesheetArea,
  today: string,
  fixedVa?: number,
): TimesheetFilters {
  const page = positiveInteger(textParam(p, 'page')) ?? 1;
  return {
    ...periodOf(p, today),
    va: fixedVa ?? positiveInteger(textParam(p, 'va')),
    client: area === 'client' ? undefined : positiveInteger(textParam(p, 'client')),
    team: area === 'client' ? undefined : positiveInteger(textParam(p, 'team')),
    status: oneOf(TIMESHEET_STATUSES, textParam(p, 'status')),
    clientStatus: oneOf(CLIENT_STATUSES, textParam(p, 'client_status')),
    page,
  };
}

/** Whether anything beyond the period narrows the list (the empty state then says so). */
export const isNarrowed = (f: TimesheetFilters): boolean =>
  Boolean(f.va || f.client || f.team || f.status || f.clientStatus);

/** The filters as the API's list and export take them (without page and format). */
export const filterQueryOf = (f: TimesheetFilters) => ({
  start_date: f.from,
  end_date: f.to,
  va_id: f.va,
  client_id: f.client,
  team_id: f.team,
  status: f.status,
  client_status: f.clientStatus,
});
/** What an export takes besides its format: the period and any of the filters. */
export type FilterQuery = Pick<ReturnType<typeof filterQueryOf>, 'start_date' | 'end_date'> &
  Partial<ReturnType<typeof filterQueryOf>>;

export const listQueryOf = (f: TimesheetFilters) => ({
  ...filterQueryOf(f),
  page: f.page,
  per_page: LIST_PAGE_SIZE,
});

/** The Monday of a date's week. */
export { mondayOf };

/** The last full week (Monday to Sunday) before today's: what a client signs off first. */
export const lastFullWeek = (today: string): string => addDays(mondayOf(today), -7);

/** The week in the URL (`?week=`, any day of it), the last full week by default; never a week not yet begun. */
export function weekOf(p: ParamReader, today: string): string {
  const day = validDate(textParam(p, 'week'));
  const monday = day ? mondayOf(day) : lastFullWeek(today);
  return monday > mondayOf(today) ? mondayOf(today) : monday;
}

/** The seven dates of the week starting on that Monday. */
export const weekDates = (monday: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** How many past weeks the VA's page shows. */
export const VA_WEEKS = 6;
