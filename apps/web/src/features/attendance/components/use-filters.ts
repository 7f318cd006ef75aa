import { useMemo } from 'react';
import { useUrlParams } from '../../../lib/url-params';
import { type Area, type AttendanceFilters, filtersOf } from '../api/filters';

export type FilterPatch = Partial<Record<keyof AttendanceFilters, string | number | null | undefined>>;

/** The list's filters from the URL, and a setter that writes them back (replacing the history entry). */
export function useAttendanceFilters(area: Area) {
  const { params, update } = useUrlParams();
  const filters = useMemo(() => filtersOf(params, area), [params, area]);
  const setFilters: (patch: FilterPatch) => void = update;
  return { filters, update: setFilters };
}
