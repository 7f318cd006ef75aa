import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ParamPatch = Record<string, string | number | undefined | null>;

/**
 * A list's state (page, search, filters, sort) kept in the URL's search params, so a view can be shared.
 * Any change other than the page goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string): string | undefined => params.get(key) || undefined, [params]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = useCallback(
    (patch: ParamPatch) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          if (next.get('page') === '1') next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { get, page, update, params };
}
