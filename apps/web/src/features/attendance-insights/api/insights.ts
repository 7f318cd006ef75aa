import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointInput, EndpointOutput } from '@vahub/shared/api/endpoint';
import { adminAttendance } from '@vahub/shared/attendance/endpoints';
import { teamEndpoints } from '@vahub/shared/teams/endpoints';
import { endpointQuery } from '../../../lib/query-keys';

/**
 * The admin's attendance insights, one query per read of `attendance/*` (DOMAIN.md "Attendance reads"):
 * `list-users` (duration), `timeblocks`, `calendar`, `attendance-logs`, `attendance/{id}` and its pings.
 * Every key starts with the `attendance` resource, so a socket message invalidates them all at once.
 */
type Query<E extends keyof typeof adminAttendance> = NonNullable<
  EndpointInput<(typeof adminAttendance)[E]>['query']
>;

export type DurationQuery = Query<'listUsers'>;
export type DurationRow = EndpointOutput<typeof adminAttendance.listUsers>['data'][number];
export type TimeblocksQuery = Query<'timeblocks'>;
export type TimeblockRow = EndpointOutput<typeof adminAttendance.timeblocks>['data'][number];
export type CalendarQuery = Query<'calendar'>;
export type CalendarDay = EndpointOutput<typeof adminAttendance.calendar>['days'][number];
export type LogsQuery = Query<'logs'>;
export type LogEntry = EndpointOutput<typeof adminAttendance.logs>['data'][number];
export type AttendanceDetail = EndpointOutput<typeof adminAttendance.get>;
export type ActivityBlock = AttendanceDetail['blocks'][number];
export type Ping = EndpointOutput<typeof adminAttendance.pings>['data'][number];

/** Per VA over a period: scheduled, worked and active time, lateness (`attendance/list-users`). */
export const durationQuery = (query: DurationQuery) => endpointQuery(adminAttendance.listUsers, { query });
export const useDuration = (query: DurationQuery) =>
  useQuery({ ...durationQuery(query), placeholderData: keepPreviousData });

/** One day's 10-minute activity blocks per VA, in the viewer's zone (`attendance/timeblocks`). */
export const timeblocksQuery = (query: TimeblocksQuery) =>
  endpointQuery(adminAttendance.timeblocks, { query });
export const useTimeblocks = (query: TimeblocksQuery) =>
  useQuery({ ...timeblocksQuery(query), placeholderData: keepPreviousData });

/** A month of statuses per day, of one VA or everyone (`attendance/calendar`). */
export const calendarQuery = (query: CalendarQuery) => endpointQuery(adminAttendance.calendar, { query });
export const useCalendar = (query: CalendarQuery) =>
  useQuery({ ...calendarQuery(query), placeholderData: keepPreviousData });

/** The organization's attendance logs, newest first (`attendance-logs`). */
export const logsQuery = (query: LogsQuery) => endpointQuery(adminAttendance.logs, { query });
export const useLogs = (query: LogsQuery) =>
  useQuery({ ...logsQuery(query), placeholderData: keepPreviousData });

/** One attendance with its blocks (`attendance/{id}`). */
export const attendanceQuery = (id: number) => endpointQuery(adminAttendance.get, { params: { id } });
export const useAttendance = (id: number, enabled = true) => useQuery({ ...attendanceQuery(id), enabled });

/** Every log of one attendance: a shift has a handful, so the first 100 are all of them in practice. */
export const attendanceLogsQuery = (id: number) => logsQuery({ attendance_id: id, page: 1, per_page: 100 });
export const useAttendanceLogs = (id: number) => useQuery(attendanceLogsQuery(id));

/** A page of one attendance's pings in time order (`attendance/{id}/pings`). */
export const pingsQuery = (id: number, page: number) =>
  endpointQuery(adminAttendance.pings, { params: { id }, query: { page, per_page: 50 } });
export const usePings = (id: number, page: number) =>
  useQuery({ ...pingsQuery(id, page), placeholderData: keepPreviousData });

/** The organization's teams (first 100), for the filters. */
export const useTeamOptions = () =>
  useQuery({
    ...endpointQuery(teamEndpoints.list, { query: { page: 1, per_page: 100 } }),
    staleTime: 60_000,
  });
