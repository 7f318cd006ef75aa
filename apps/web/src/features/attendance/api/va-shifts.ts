import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vaAttendance } from '@vahub/shared/attendance/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

/** The VA's own shifts: the next or the last `weeks` weeks (1–52), or a period when both dates are given. */
export type VaPeriod = { weeks: number } | { from: string; to: string };
export type VaShiftKind = 'upcoming' | 'passed';

const periodQuery = (period: VaPeriod) =>
  'weeks' in period ? { weeks: period.weeks } : { start_date: period.from, end_date: period.to };

/** `GET attendance/upcoming/user` (soonest first) or `attendance/passed/user` (newest first). */
export const vaShiftsQuery = (kind: VaShiftKind, period: VaPeriod, page: number) => ({
  ...endpointQuery(vaAttendance[kind], { query: { ...periodQuery(period), page, per_page: 100 } }),
  placeholderData: keepPreviousData,
});
export const useVaShifts = (kind: VaShiftKind, period: VaPeriod, page: number) =>
  useQuery(vaShiftsQuery(kind, period, page));
