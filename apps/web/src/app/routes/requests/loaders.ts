import { ownFiltersOf, queueFiltersOf } from '../../../features/requests/api/filters';
import { myRequestQuery } from '../../../features/requests/api/get-my-request';
import { requestQuery } from '../../../features/requests/api/get-request';
import { myRequestsQuery } from '../../../features/requests/api/list-my-requests';
import { queueQuery } from '../../../features/requests/api/list-requests';
import { myContractsQuery } from '../../../features/requests/api/my-contracts';
import { currentShiftQuery, passedShiftsQuery } from '../../../features/requests/api/my-shifts';
import type { PageLoader } from '../../manifest';
import { areaOfPath, validId } from './shared';

/**
 * What each requests page shows first, fetched while its code downloads. Each reads the URL the way its page
 * does, so the page finds its queries in the cache.
 */
const urlOf = (request: Request) => new URL(request.url);

/** A leave form: the contracts to choose from. */
export const leaveFormLoader: PageLoader = (_args, client) => client.ensureQueryData(myContractsQuery());

/** Overtime and make-up shifts: the contracts and the recent shifts. */
export const shiftFormLoader: PageLoader = (_args, client) =>
  Promise.all([
    client.ensureQueryData(myContractsQuery()),
    client.ensureQueryData(passedShiftsQuery()),
    client.ensureQueryData(currentShiftQuery()),
  ]);

export const myListLoader: PageLoader = ({ request }, client) =>
  client.ensureQueryData(myRequestsQuery(ownFiltersOf(urlOf(request).searchParams)));

export const myDetailLoader: PageLoader = ({ params }, client) => {
  const id = validId(params.id);
  return id ? client.ensureQueryData(myRequestQuery(id)) : Promise.resolve(null);
};

export const queueLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const area = areaOfPath(url.pathname);
  const filters = queueFiltersOf(url.searchParams);
  return Promise.all([
    client.ensureQueryData(queueQuery(area, filters)),
    filters.open ? client.ensureQueryData(requestQuery(area, filters.open)) : null,
  ]);
};
