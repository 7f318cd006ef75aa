import { MAX_RANGE_DAYS } from '@vahub/shared/attendance/schemas';
import { addDays, daysBetween, isValidDate } from '@vahub/shared/time/dates';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A change to a page's URL state: a value sets its key; `undefined`, `null` or '' removes it. */
export type ParamPatch = Record<string, string | number | undefined | null>;

const positiveInt = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Reading outside React (loaders): a positive id or undefined, and the page (1 unless a positive number). */
export const idParam = (params: URLSearchParams, key: string) => positiveInt(params.get(key));
export const pageParam = (params: URLSearchParams) => positiveInt(params.get('page')) ?? 1;

/** What reading a URL's filters needs: a page's search params or a loader's `new URL(request.url).searchParams`. */
export type ParamReader = Pick<URLSearchParams, 'get'>;

/**
 * Reading filters that the API validates: each gives undefined for a value it would refuse, so a hand-edited URL
 * shows the wider list, never a 422. A key's text, trimmed; empty is absent.
 */
export const textParam = (p: ParamReader, key: string) => p.get(key)?.trim() || undefined;

/** A whole number above 0 (`'12'`; not `'0'`, `'1.5'` or `'12x'`). */
export const positiveInteger = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A real calendar date (`2026-03-01`). */
export const validDate = (value: string | undefined) => (value && isValidDate(value) ? value : undefined);

/** One of the allowed values. */
export const oneOf = <T extends string>(values: readonly T[], value: string | undefined) =>
  values.includes(value as T) ? (value as T) : undefined;

/**
 * A period from the URL (`?from=…&to=…` unless other keys are named): either end alone is open-ended; a reversed
 * one is turned round, and one longer than the API takes keeps its last `MAX_RANGE_DAYS`.
 */
export function periodParams(
  p: ParamReader,
  keys: { from: string; to: string } = { from: 'from', to: 'to' },
): { from?: string; to?: string } {
  let from = validDate(textParam(p, keys.from));
  let to = validDate(textParam(p, keys.to));
  if (from && to) {
    if (to < from) [from, to] = [to, from];
    if (daysBetween(from, to) > MAX_RANGE_DAYS) from = addDays(to, -MAX_RANGE_DAYS);
  }
  return { from, to };
}

/**
 * A period from the URL as the API takes it (`start_date`, `end_date`), repaired as `periodParams` repairs it; one
 * date alone is answered by the server's rule. Its URL keys are `start_date` and `end_date` unless said (a page
 * showing a period beside other state names its own).
 */
export function urlPeriod(
  p: ParamReader,
  keys: { from: string; to: string } = { from: 'start_date', to: 'end_date' },
): { start_date?: string; end_date?: string } {
  const { from, to } = periodParams(p, keys);
  return { start_date: from, end_date: to };
}

/**
 * The search params after a change: empty values leave the URL, and any change but the page itself goes back
 * to page 1 (a narrower filter on page 7 would often show nothing); page 1 is the default, so it leaves too.
 */
export function patchSearchParams(prev: URLSearchParams, patch: ParamPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch) || next.get('page') === '1') next.delete('page');
  return next;
}

/**
 * A page's state (page, search, filters, sort) kept in the URL's search params, so a view can be shared and
 * survives a reload. Updates replace the history entry (typing in a filter should not fill the back button).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string): string | undefined => params.get(key) || undefined, [params]);
  const id = useCallback((key: string) => idParam(params, key), [params]);
  const page = pageParam(params);
  const update = useCallback(
    (patch: ParamPatch) => setParams((prev) => patchSearchParams(prev, patch), { replace: true }),
    [setParams],
  );
  return { get, id, page, update, params };
}
