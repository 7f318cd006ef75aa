import { NOTIFICATION_TYPES, type NotificationType } from '@vahub/shared/notifications/schemas';
import { type ParamReader, periodParams, positiveInteger, textParam } from '../../../lib/url-params';

/**
 * The admin's log about VAs, filtered as the URL keeps it (`?va=12&type=attendance.late&from=…&to=…&page=2`)
 * and as the API takes it. The page and its loader read the URL through these, so the loader prefetches what
 * the page shows. Values the API would refuse are dropped or repaired: a hand-edited URL never shows a 422.
 */
export const LOG_PAGE_SIZE = 25;

export interface LogFilters {
  va?: number;
  type?: NotificationType;
  from?: string;
  to?: string;
  page: number;
}

/** The filters in the URL; a reversed period is turned round and a too long one keeps its last year. */
export function logFiltersOf(p: ParamReader): LogFilters {
  const { from, to } = periodParams(p);
  const type = textParam(p, 'type');
  return {
    va: positiveInteger(textParam(p, 'va')),
    type: NOTIFICATION_TYPES.includes(type as NotificationType) ? (type as NotificationType) : undefined,
    from,
    to,
    page: positiveInteger(textParam(p, 'page')) ?? 1,
  };
}

/** Whether anything narrows the log (the empty state then says so). */
export const isNarrowed = (f: LogFilters): boolean => Boolean(f.va || f.type || f.from || f.to);

/** The API's query for these filters. */
export const logQueryOf = (f: LogFilters) => ({
  va_id: f.va,
  type: f.type,
  start_date: f.from,
  end_date: f.to,
  page: f.page,
  per_page: LOG_PAGE_SIZE,
});
