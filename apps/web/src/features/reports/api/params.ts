import { addDays } from '@vahub/shared/time/dates';
import { REPORT_DEFAULT_DAYS } from '@vahub/shared/timesheets/reports';
import { idParam, pageParam, urlPeriod } from '../../../lib/url-params';

/**
 * A report's filters as the URL keeps them (`?start_date=2026-11-01&end_date=2026-11-30&va_id=4&page=2`) and as
 * the API takes them. The page and its loader read the URL through `reportQueryOf`, so the loader prefetches
 * exactly the page's query. Values the API would refuse are dropped or repaired (a hand-edited URL never shows
 * a 422); without dates the server's default applies, the last 7 days, and the URL stays clean.
 */
export type ReportArea = 'admin' | 'manager' | 'client';
export type ReportKind = 'attendance' | 'daily' | 'summary' | 'team-summary';

type Params = URLSearchParams;

/** Rows per page: a day and VA per row in the daily report; a VA (or team) per row elsewhere, so the chart
 * of a page shows nearly everyone. */
export const PAGE_SIZE: Record<ReportKind, number> = {
  attendance: 50,
  daily: 25,
  summary: 50,
  'team-summary': 50,
};

export interface ReportQuery {
  page: number;
  per_page: number;
  start_date?: string;
  end_date?: string;
  va_id?: number;
  client_id?: number;
  team_id?: number;
}

/** Which filters each dashboard offers: a client sees only their VAs (no client or team filter). */
export const filtersOf = (area: ReportArea) => ({
  va: true,
  client: area !== 'client',
  team: area !== 'client',
});

/** The API query of a report page from its URL. */
export function reportQueryOf(p: Params, area: ReportArea, kind: ReportKind): ReportQuery {
  const allowed = filtersOf(area);
  return {
    page: pageParam(p),
    per_page: PAGE_SIZE[kind],
    ...urlPeriod(p),
    va_id: idParam(p, 'va_id'),
    client_id: allowed.client ? idParam(p, 'client_id') : undefined,
    team_id: allowed.team ? idParam(p, 'team_id') : undefined,
  };
}

/** The export's query: the same filters without the page. */
export function exportQueryOf(q: ReportQuery, format: 'xlsx' | 'csv') {
  const { page: _page, per_page: _perPage, ...filters } = q;
  return { ...filters, format };
}

/** Whether a VA, client or team narrows the report (the empty state then says so). */
export const isNarrowed = (q: ReportQuery) => Boolean(q.va_id || q.client_id || q.team_id);

/** The server's default period, for showing before the first answer arrives. */
export const defaultPeriod = (today: string) => ({
  start_date: addDays(today, 1 - REPORT_DEFAULT_DAYS),
  end_date: today,
});
