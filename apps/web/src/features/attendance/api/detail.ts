import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminAttendance } from '@vahub/shared/attendance/endpoints';
import { endpointQuery } from '../../../lib/query-keys';
import { type AttendanceFilters, listQueryOf } from './filters';

/** Admin `GET attendance/:id`: one attendance with its 10-minute blocks. */
export const attendanceQuery = (id: number) => endpointQuery(adminAttendance.get, { params: { id } });
export const useAttendance = (id: number) => useQuery({ ...attendanceQuery(id), enabled: id > 0 });

/** Admin `GET attendance/:id/pings`, a page at a time in time order. */
export const pingsQuery = (id: number, page: number) => ({
  ...endpointQuery(adminAttendance.pings, { params: { id }, query: { page, per_page: 50 } }),
  placeholderData: keepPreviousData,
});
export const usePings = (id: number, page: number) => useQuery({ ...pingsQuery(id, page), enabled: id > 0 });

/** Admin `GET attendance-logs` of one attendance, newest first. */
export const logsQuery = (attendanceId: number, page: number) => ({
  ...endpointQuery(adminAttendance.logs, { query: { attendance_id: attendanceId, page, per_page: 50 } }),
  placeholderData: keepPreviousData,
});
export const useLogs = (attendanceId: number, page: number) =>
  useQuery({ ...logsQuery(attendanceId, page), enabled: attendanceId > 0 });

/** Admin `GET attendance/user/:id`: one VA's attendances (filters: period, status, client). */
export function userAttendanceQuery(id: number, filters: AttendanceFilters) {
  const { start_date, end_date, status, client_id, page, per_page } = listQueryOf(filters);
  return {
    ...endpointQuery(adminAttendance.ofUser, {
      params: { id },
      query: { start_date, end_date, status, client_id, page, per_page },
    }),
    placeholderData: keepPreviousData,
  };
}
export const useUserAttendance = (id: number, filters: AttendanceFilters) =>
  useQuery({ ...userAttendanceQuery(id, filters), enabled: id > 0 });
