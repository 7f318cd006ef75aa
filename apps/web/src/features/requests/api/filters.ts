import { MAX_RANGE_DAYS } from '@vahub/shared/attendance/schemas';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type RequestStatus,
  type RequestType,
} from '@vahub/shared/requests/schemas';
import { addDays, daysBetween, isValidDate } from '@vahub/shared/time/dates';

/**
 * The requests lists' filters as the URL keeps them (`?status=all&type=sick_leave&va=12&from=…&to=…`) and as
 * the API takes them. Pages and loaders read the URL through these, so a loader prefetches what its page shows.
 * Values the API would refuse are dropped: a hand-edited URL never shows a 422.
 */
type Params = Pick<URLSearchParams, 'get'>;

export const QUEUE_PAGE_SIZE = 25;
export const OWN_PAGE_SIZE = 20;

/** `status=all` in the URL: the queue shows pending requests unless told otherwise. */
export const ALL = 'all';

export interface QueueFilters {
  /** Undefined: every status (`status=all`). */
  status?: RequestStatus;
  type?: RequestType;
  va?: number;
  client?: number;
  team?: number;
  from?: string;
  to?: string;
  page: number;
  /** The request open in the drawer. */
  open?: number;
}

const text = (p: Params, key: string) => p.get(key)?.trim() || undefined;
const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const date = (value: string | undefined) => (value && isValidDate(value) ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  values.includes(value as T) ? (value as T) : undefined;

/** A period from the URL: either end alone is open-ended; reversed is swapped, too long is shortened. */
function periodOf(p: Params): { from?: string; to?: string } {
  let from = date(text(p, 'from'));
  let to = date(text(p, 'to'));
  if (from && to) {
    if (to < from) [from, to] = [to, from];
    if (daysBetween(from, to) > MAX_RANGE_DAYS) from = addDays(to, -MAX_RANGE_DAYS);
  }
  return { from, to };
}

/** The queue's filters: pending by default (what a decider opens the page for). */
export function queueFiltersOf(p: Params): QueueFilters {
  const status = text(p, 'status');
  return {
    status: status === ALL ? undefined : (oneOf(REQUEST_STATUSES, status) ?? 'pending'),
    type: oneOf(REQUEST_TYPES, text(p, 'type')),
    va: positive(text(p, 'va')),
    client: positive(text(p, 'client')),
    team: positive(text(p, 'team')),
    ...periodOf(p),
    page: positive(text(p, 'page')) ?? 1,
    open: positive(text(p, 'request')),
  };
}

/** Whether anything beyond the default (pending, any time) narrows the queue. */
export const isNarrowed = (f: QueueFilters): boolean =>
  Boolean(f.status !== 'pending' || f.type || f.va || f.client || f.team || f.from || f.to);

export const queueQueryOf = (f: QueueFilters) => ({
  status: f.status,
  type: f.type,
  va_id: f.va,
  client_id: f.client,
  team_id: f.team,
  start_date: f.from,
  end_date: f.to,
  page: f.page,
  per_page: QUEUE_PAGE_SIZE,
});

export interface OwnFilters {
  status?: RequestStatus;
  type?: RequestType;
  page: number;
}

/** The VA's own list: every status unless one is chosen. */
export const ownFiltersOf = (p: Params): OwnFilters => ({
  status: oneOf(REQUEST_STATUSES, text(p, 'status')),
  type: oneOf(REQUEST_TYPES, text(p, 'type')),
  page: positive(text(p, 'page')) ?? 1,
});

export const ownQueryOf = (f: OwnFilters) => ({
  status: f.status,
  type: f.type,
  page: f.page,
  per_page: OWN_PAGE_SIZE,
});
