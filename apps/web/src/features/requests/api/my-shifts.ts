import { useQuery } from '@tanstack/react-query';
import { vaAttendance } from '@vahub/shared/attendance/endpoints';
import type { Attendance } from '@vahub/shared/attendance/schemas';
import { endpointQuery } from '../../../lib/query-keys';

/** How far back a request may name a shift (overtime for it, or the shift a make-up replaces). */
export const SHIFT_WEEKS = 4;

/**
 * `GET va-access/attendance/passed/user` (newest first) and `GET va-access/attendance/current/user` (an
 * ongoing shift is not "passed" yet but may already earn overtime): the VA's recent shifts, once each.
 */
export const passedShiftsQuery = () =>
  endpointQuery(vaAttendance.passed, { query: { weeks: SHIFT_WEEKS, page: 1, per_page: 100 } });
export const currentShiftQuery = () => endpointQuery(vaAttendance.current, {});

export function useRecentShifts(enabled: boolean): { shifts: Attendance[]; pending: boolean } {
  const passed = useQuery({ ...passedShiftsQuery(), enabled });
  const current = useQuery({ ...currentShiftQuery(), enabled });
  const ongoing = current.data?.state === 'ongoing' ? current.data.attendance : null;
  const list = passed.data?.data ?? [];
  const shifts = ongoing && !list.some((s) => s.id === ongoing.id) ? [ongoing, ...list] : list;
  return { shifts, pending: enabled && (passed.isPending || current.isPending) };
}

/** Shifts that started: overtime belongs to a shift being or having been worked (it has a timesheet). */
export const startedShifts = (shifts: Attendance[], contractId: number | null): Attendance[] =>
  shifts.filter((s) => s.contract_id === contractId && s.started_at !== null);

/** Shifts missed: what a make-up shift may replace. */
export const missedShifts = (shifts: Attendance[], contractId: number | null): Attendance[] =>
  shifts.filter((s) => s.contract_id === contractId && s.status === 'absent');
