import { TRACKER_SOURCES, type TrackerSource } from '@vahub/shared/attendance/schemas';
import { SCREENSHOT_SOURCES, type ScreenshotSource } from '@vahub/shared/screenshots/schemas';
import { addDays, daysBetween, isoWeekday } from '@vahub/shared/time/dates';
import {
  oneOf,
  type ParamReader,
  periodParams,
  positiveInteger,
  textParam,
  validDate,
} from '../../../lib/url-params';

/**
 * The gallery's filters as the URL keeps them (`?va=12&from=2026-11-20&to=2026-11-26&source=on_demand`) and
 * as the API takes them. The page and its loader read the URL through these, so the loader prefetches what
 * the page shows. Values the API would refuse are dropped or repaired: a hand-edited URL never shows a 422.
 */
export type ScreenshotArea = 'admin' | 'manager' | 'client';

/** One request's page of captures: enough for a few hours of several VAs; "load more" reads the next. */
export const GALLERY_PAGE_SIZE = 60;
/** The VA's own page asks for the most a page may hold (a day rarely has more). */
export const OWN_PAGE_SIZE = 100;
/** A period of up to this many days shows its week in the strip of day counts. */
export const STRIP_DAYS = 7;
/** …and at most this many (a year's period would be a wall of chips). */
export const STRIP_MAX_DAYS = 31;

export interface GalleryFilters {
  from: string;
  to: string;
  va?: number;
  client?: number;
  source?: ScreenshotSource;
  tracker?: TrackerSource;
}

/** A period from the URL: today by default; one date alone is that day; reversed or too long is repaired. */
export function periodOf(p: ParamReader, today: string): { from: string; to: string } {
  const { from, to } = periodParams(p);
  if (!from && !to) return { from: today, to: today };
  return { from: from ?? (to as string), to: to ?? (from as string) };
}

/** The gallery's filters in the URL; a client's own client filter is ignored (they see only theirs). */
export function galleryFiltersOf(p: ParamReader, area: ScreenshotArea, today: string): GalleryFilters {
  return {
    ...periodOf(p, today),
    va: positiveInteger(textParam(p, 'va')),
    client: area === 'client' ? undefined : positiveInteger(textParam(p, 'client')),
    source: oneOf(SCREENSHOT_SOURCES, textParam(p, 'source')),
    tracker: oneOf(TRACKER_SOURCES, textParam(p, 'tracker')),
  };
}

/** Whether anything beyond the default day narrows the gallery (the empty state then says so). */
export const isNarrowed = (f: GalleryFilters): boolean => Boolean(f.va || f.client || f.source || f.tracker);

/** The list query of the API for these filters (without the page). */
export const galleryQueryOf = (f: GalleryFilters) => ({
  per_page: GALLERY_PAGE_SIZE,
  start_date: f.from,
  end_date: f.to,
  va_id: f.va,
  client_id: f.client,
  source: f.source,
  tracker: f.tracker,
});

/**
 * The days the count strip shows: for a period of up to a week, the Monday-to-Sunday week holding its end
 * (pressing a day of the strip keeps the same strip); for a longer one the period, cut to its last
 * `STRIP_MAX_DAYS`.
 */
export function stripPeriod(from: string, to: string): { from: string; to: string } {
  if (daysBetween(from, to) + 1 <= STRIP_DAYS) {
    const monday = addDays(to, 1 - isoWeekday(to));
    if (from >= monday) return { from: monday, to: addDays(monday, 6) };
  }
  const start = daysBetween(from, to) + 1 > STRIP_MAX_DAYS ? addDays(to, 1 - STRIP_MAX_DAYS) : from;
  return { from: start, to };
}

/** The count query: the strip's days, with the list's other filters. */
export const countQueryOf = (f: GalleryFilters) => {
  const { per_page: _p, ...query } = galleryQueryOf(f);
  const strip = stripPeriod(f.from, f.to);
  return { ...query, start_date: strip.from, end_date: strip.to };
};

/** Every day from `from` to `to` with its count (days without captures count 0). */
export function daysWithCounts(
  from: string,
  to: string,
  byDay: ReadonlyArray<{ date: string; count: number }>,
): Array<{ date: string; count: number }> {
  const counts = new Map(byDay.map((d) => [d.date, d.count]));
  const days: Array<{ date: string; count: number }> = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push({ date: d, count: counts.get(d) ?? 0 });
  return days;
}

/**
 * The VA's own page without `?date=`: today, or yesterday while today has no capture and yesterday has (a
 * shift keeps the date it began on in the contract's zone, so one running past midnight is yesterday's).
 */
export function defaultOwnDay(today: string, byDay: ReadonlyArray<{ date: string; count: number }>): string {
  const yesterday = addDays(today, -1);
  const count = (d: string) => byDay.find((b) => b.date === d)?.count ?? 0;
  return count(today) === 0 && count(yesterday) > 0 ? yesterday : today;
}

/** The VA's own page: one day (`?date=`), today by default. */
export const ownDayOf = (p: ParamReader, today: string): string => validDate(textParam(p, 'date')) ?? today;
