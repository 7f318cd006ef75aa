import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamPatch = Record<string, string | number | undefined | null>;

const positiveInt = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * A page's filters kept in the URL's search params, so a filtered view can be shared and survives a reload.
 * Any change other than the page itself goes back to page 1; empty values leave the URL.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string): string | undefined => params.get(key) || undefined, [params]);
  const id = useCallback((key: string) => positiveInt(params.get(key)), [params]);
  const page = positiveInt(params.get('page')) ?? 1;
  const update = useCallback(
    (patch: ParamPatch) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch) || next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { get, id, page, update, params };
}

/** Same reading outside React (loaders): a positive id or undefined. */
export const idParam = (params: URLSearchParams, key: string) => positiveInt(params.get(key));
export const pageParam = (params: URLSearchParams) => positiveInt(params.get('page')) ?? 1;
