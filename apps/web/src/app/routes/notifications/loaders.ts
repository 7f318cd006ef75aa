import { vaLogQuery } from '../../../features/notifications/api/va-log';
import { logFiltersOf } from '../../../features/notifications/api/va-log-filters';
import type { PageLoader } from '../../manifest';

/** The log's first page for the URL's filters, read the way the page reads them (so it finds it in the cache). */
export const vaLogLoader: PageLoader = ({ request }, client) =>
  client.ensureQueryData(vaLogQuery(logFiltersOf(new URL(request.url).searchParams)));
