import { periodOf, timesheetFiltersOf, VA_WEEKS, weekOf } from '../../../features/timesheets/api/filters';
import {
  detailQuery,
  listQuery,
  ownListQuery,
  ownWeeksQuery,
  weeksQuery,
} from '../../../features/timesheets/api/queries';
import { pageParam } from '../../../lib/url-params';
import type { PageLoader } from '../../manifest';
import { viewerToday } from '../insights/viewer';
import { areaOfPath } from './shared';

/**
 * What each timesheets page shows first, fetched while its code downloads. Each reads the URL the way its
 * page does, in the viewer's zone, so the page finds its queries in the cache.
 */
const urlOf = (request: Request) => new URL(request.url);
const validId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export const listLoader: PageLoader = async ({ request }, client) => {
  const url = urlOf(request);
  if (url.searchParams.get('tab') === 'sign-off') return null;
  const area = areaOfPath(url.pathname);
  return client.ensureQueryData(
    listQuery(area, timesheetFiltersOf(url.searchParams, area, await viewerToday(client))),
  );
};

export const userLoader: PageLoader = async ({ request, params }, client) => {
  const url = urlOf(request);
  const va = validId(params.id);
  if (!va) return null;
  const area = areaOfPath(url.pathname);
  const today = await viewerToday(client);
  return client.ensureQueryData(listQuery(area, timesheetFiltersOf(url.searchParams, area, today, va)));
};

export const detailLoader: PageLoader = ({ request, params }, client) => {
  const id = validId(params.id);
  if (!id) return Promise.resolve(null);
  return client.ensureQueryData(detailQuery(areaOfPath(urlOf(request).pathname), id));
};

export const clientLoader: PageLoader = async ({ request }, client) => {
  const monday = weekOf(urlOf(request).searchParams, await viewerToday(client));
  return client.ensureQueryData(weeksQuery('client', { week_start: monday, weeks: 1, per_page: 100 }));
};

export const vaLoader: PageLoader = async ({ request }, client) => {
  const url = urlOf(request);
  const period = periodOf(url.searchParams, await viewerToday(client));
  return Promise.all([
    client.ensureQueryData(ownWeeksQuery({ weeks: VA_WEEKS, per_page: 50 })),
    client.ensureQueryData(
      ownListQuery({ start_date: period.from, end_date: period.to, page: pageParam(url.searchParams) }),
    ),
  ]);
};
