import { galleryFiltersOf, ownDayOf, stripPeriod } from '../../../features/screenshots/api/filters';
import {
  countQuery,
  detailQuery,
  galleryQuery,
  latestQuery,
  ownCountQuery,
  ownQuery,
} from '../../../features/screenshots/api/queries';
import { pageParam } from '../../../lib/url-params';
import type { PageLoader } from '../../manifest';
import { viewerToday } from '../insights/viewer';
import { areaOfPath } from './shared';

/**
 * What each screenshots page shows first, fetched while its code downloads. Each reads the URL the way its
 * page does (`galleryFiltersOf`, `ownDayOf`, the page), in the viewer's zone, so the page finds its queries
 * in the cache.
 */
const urlOf = (request: Request) => new URL(request.url);

export const galleryLoader: PageLoader = async ({ request }, client) => {
  const url = urlOf(request);
  const area = areaOfPath(url.pathname);
  const filters = galleryFiltersOf(url.searchParams, area, await viewerToday(client));
  return Promise.all([
    client.ensureInfiniteQueryData(galleryQuery(area, filters)),
    client.ensureQueryData(countQuery(area, filters)),
  ]);
};

export const viewerLoader: PageLoader = ({ request, params }, client) => {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return Promise.resolve(null);
  return client.ensureQueryData(detailQuery(areaOfPath(urlOf(request).pathname), id));
};

export const liveWallLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  return client.ensureQueryData(latestQuery(areaOfPath(url.pathname), pageParam(url.searchParams)));
};

export const vaScreenshotsLoader: PageLoader = async ({ request }, client) => {
  const day = ownDayOf(urlOf(request).searchParams, await viewerToday(client));
  const strip = stripPeriod(day, day);
  return Promise.all([
    client.ensureInfiniteQueryData(ownQuery(day)),
    client.ensureQueryData(ownCountQuery(strip.from, strip.to)),
  ]);
};
