import { reportQueryOf } from '../../../features/reports/api/params';
import {
  attendanceReportQuery,
  dailyReportQuery,
  summaryReportQuery,
  teamSummaryReportQuery,
} from '../../../features/reports/api/reports';
import type { PageLoader } from '../../manifest';
import { areaOfPath } from './shared';

/**
 * Each report's first answer, fetched while the page's code (and the charts) download. The query is read from
 * the URL as the page reads it, so the page finds it in the cache.
 */
const urlOf = (request: Request) => new URL(request.url);

export const attendanceReportLoader: PageLoader = ({ request }, client) =>
  client.ensureQueryData(
    attendanceReportQuery(reportQueryOf(urlOf(request).searchParams, 'admin', 'attendance')),
  );

export const dailyReportLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const area = areaOfPath(url.pathname);
  return client.ensureQueryData(dailyReportQuery(area, reportQueryOf(url.searchParams, area, 'daily')));
};

export const summaryReportLoader: PageLoader = ({ request }, client) => {
  const url = urlOf(request);
  const area = areaOfPath(url.pathname) === 'manager' ? 'manager' : 'admin';
  return client.ensureQueryData(summaryReportQuery(area, reportQueryOf(url.searchParams, area, 'summary')));
};

export const teamSummaryReportLoader: PageLoader = ({ request }, client) =>
  client.ensureQueryData(
    teamSummaryReportQuery(reportQueryOf(urlOf(request).searchParams, 'admin', 'team-summary')),
  );
