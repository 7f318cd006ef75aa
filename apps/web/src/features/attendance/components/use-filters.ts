import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type Area, type AttendanceFilters, filtersOf, nextParams } from '../api/filters';

export type FilterPatch = Partial<Record<keyof AttendanceFilters, string | number | null | undefined>>;

/** The list's filters from the URL, and a setter that writes them back (replacing the history entry). */
export function useAttendanceFilters(area: Area) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersOf(params, area), [params, area]);
  const update = useCallback(
    (patch: FilterPatch) => setParams((prev) => nextParams(prev, patch), { replace: true }),
    [setParams],
  );
  return { filters, update };
}
