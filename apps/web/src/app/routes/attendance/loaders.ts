import {
  attendanceQuery,
  logsQuery,
  pingsQuery,
  userAttendanceQuery,
} from '../../../features/attendance/api/detail';
import { filtersOf } from '../../../features/attendance/api/filters';
import { attendanceListQuery, onlineQuery, vaSummaryQuery } from '../../../features/attendance/api/lists';
import { vaShiftsQuery } from '../../../features/attendance/api/va-shifts';
import { dashboardRoleOfPath } from '../../gate';
import type { PageLoader } from '../../manifest';
import { onlineParamsOf } from './online-pages-params';
import { vaParamsOf } from './va-params';

/**
 * What each attendance page shows first, fetched while its code downloads. Each reads the URL the way its
 * page does (the same `filtersOf`, `onlineParamsOf`, `vaParamsOf`), so the page finds its queries in the cache.
 */
const urlOf = (request: Request) => new URL(request.url);
const areaOf = (url: URL) => {
  const role = dashboardRoleOfPath(url.pathname);
  return role === 'manager' ? 'manager' : role === 'client' ? 'client' : 'admin';
};

export const attendanceListLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const area = areaOf(url);
  return client.ensureQueryData(attendanceListQuery(area, filtersOf(url.searchParams, area)));
};

export const vaSummaryLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const area = areaOf(url) === 'manager' ? 'manager' : 'admin';
  return client.ensureQueryData(vaSummaryQuery(area, filtersOf(url.searchParams, area)));
};

export const onlineLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const { state, page } = onlineParamsOf(url.searchParams);
  return client.ensureQueryData(onlineQuery(areaOf(url), state, page));
};

export const idleLoader: PageLoader = ({ request }, client) => {
  const { page } = onlineParamsOf(urlOf(request).searchParams, 'idle');
  return client.ensureQueryData(onlineQuery('admin', 'idle', page));
};

export const detailLoader: PageLoader = ({ params }, client) => {
  const id = Number(params.id);
  return Promise.all([
    client.ensureQueryData(attendanceQuery(id)),
    client.ensureQueryData(logsQuery(id, 1)),
    client.ensureQueryData(pingsQuery(id, 1)),
  ]);
};

export const vaShiftsLoader: PageLoader = ({ request }, client) => {
  const { kind, period } = vaParamsOf(urlOf(request).searchParams);
  return client.ensureQueryData(vaShiftsQuery(kind, period, 1));
};

export const userTabLoader: PageLoader = ({ request, params }, client) =>
  client.ensureQueryData(
    userAttendanceQuery(Number(params.id), filtersOf(urlOf(request).searchParams, 'admin')),
  );
