import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminAttendance, clientAttendance, managerAttendance } from '@vahub/shared/attendance/endpoints';
import { endpointQuery } from '../../../lib/query-keys';
import { type Area, type AttendanceFilters, listQueryOf, PER_PAGE } from './filters';

/** Admin and manager share their reads (a manager's rows are those in their scope). */
const supervisor = { admin: adminAttendance, manager: managerAttendance } as const;
export type SupervisorArea = keyof typeof supervisor;

/** `GET attendance` (admin, manager) or the client's `GET va-attendance-list`, filtered as the URL says. */
export function attendanceListQuery(area: Area, filters: AttendanceFilters, perPage = PER_PAGE) {
  const query = { ...listQueryOf(filters), per_page: perPage };
  if (area === 'client') {
    const { client_id: _c, team_id: _t, ...own } = query;
    return {
      ...endpointQuery(clientAttendance.attendanceList, { query: own }),
      placeholderData: keepPreviousData,
    };
  }
  return { ...endpointQuery(supervisor[area].list, { query }), placeholderData: keepPreviousData };
}
export const useAttendanceList = (area: Area, filters: AttendanceFilters, perPage = PER_PAGE) =>
  useQuery(attendanceListQuery(area, filters, perPage));

/** `GET attendance/list-users`: per VA over the period (default this week), with presence now. */
export function vaSummaryQuery(area: SupervisorArea, filters: AttendanceFilters) {
  const query = {
    page: filters.page,
    per_page: PER_PAGE,
    start_date: filters.from,
    end_date: filters.to,
    va_id: filters.va,
    client_id: filters.client,
    team_id: filters.team,
  };
  return { ...endpointQuery(supervisor[area].listUsers, { query }), placeholderData: keepPreviousData };
}
export const useVaSummary = (area: SupervisorArea, filters: AttendanceFilters) =>
  useQuery(vaSummaryQuery(area, filters));

/** Who is on shift: `list-online` (admin, manager) or the client's `va-online-list`, by presence state. */
export type OnlineState = 'online' | 'idle' | 'offline' | 'all';
export function onlineQuery(area: Area, state: OnlineState, page: number) {
  const query = { page, per_page: PER_PAGE, state };
  const endpoint = area === 'client' ? clientAttendance.onlineList : supervisor[area].listOnline;
  return { ...endpointQuery(endpoint, { query }), placeholderData: keepPreviousData };
}
export const useOnline = (area: Area, state: OnlineState, page: number) =>
  useQuery(onlineQuery(area, state, page));

/** The live counters: `dashboard/counters` (admin, manager) or the client's `stats` (same shape). */
export const countersQuery = (area: Area) =>
  endpointQuery(area === 'client' ? clientAttendance.stats : supervisor[area].counters, {});
export const useCounters = (area: Area) => useQuery(countersQuery(area));
