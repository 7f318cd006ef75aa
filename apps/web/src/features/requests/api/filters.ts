import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  type RequestStatus,
  type RequestType,
} from '@vahub/shared/requests/schemas';
import { oneOf, type ParamReader, periodParams, positiveInteger, textParam } from '../../../lib/url-params';

/**
 * The requests lists' filters as the URL keeps them (`?status=all&type=sick_leave&va=12&from=…&to=…`) and as
 * the API takes them. Pages and loaders read the URL through these, so a loader prefetches what its page shows.
 * Values the API would refuse are dropped: a hand-edited URL never shows a 422.
 */
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

/** The queue's filters: pending by default (what a decider opens the page for). */
export function queueFiltersOf(p: ParamReader): QueueFilters {
  const status = textParam(p, 'status');
  return {
    status: status === ALL ? undefined : (oneOf(REQUEST_STATUSES, status) ?? 'pending'),
    type: oneOf(REQUEST_TYPES, textParam(p, 'type')),
    va: positiveInteger(textParam(p, 'va')),
    client: positiveInteger(textParam(p, 'client')),
    team: positiveInteger(textParam(p, 'team')),
    // Either end alone is open-ended; reversed is swapped, too long is shortened.
    ...periodParams(p),
    page: positiveInteger(textParam(p, 'page')) ?? 1,
    open: positiveInteger(textParam(p, 'request')),
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
export const ownFiltersOf = (p: ParamReader): OwnFilters => ({
  status: oneOf(REQUEST_STATUSES, textParam(p, 'status')),
  type: oneOf(REQUEST_TYPES, textParam(p, 'type')),
  page: positiveInteger(textParam(p, 'page')) ?? 1,
});

export const ownQueryOf = (f: OwnFilters) => ({
  status: f.status,
  type: f.type,
  page: f.page,
  per_page: OWN_PAGE_SIZE,
});
