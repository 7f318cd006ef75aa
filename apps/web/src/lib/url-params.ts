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
