import { boardFiltersOf, projectFiltersOf } from '../../../features/projects/api/filters';
import { boardQuery } from '../../../features/projects/api/get-board';
import { projectsQuery } from '../../../features/projects/api/list-projects';
import type { PageLoader } from '../../manifest';
import { areaOfPath, validId } from './shared';

/**
 * What each projects page shows first, fetched while its code downloads. Each reads the URL the way its page
 * does, so the page finds its queries in the cache.
 */
export const listLoader: PageLoader = ({ request }, client) => {
  const url = new URL(request.url);
  const area = areaOfPath(url.pathname);
  return client.ensureQueryData(projectsQuery(area, projectFiltersOf(url.searchParams, area)));
};

export const boardLoader: PageLoader = ({ request, params }, client) => {
  const id = validId(params.id);
  if (!id) return Promise.resolve(null);
  const url = new URL(request.url);
  return client.ensureQueryData(boardQuery(areaOfPath(url.pathname), id, boardFiltersOf(url.searchParams)));
};
