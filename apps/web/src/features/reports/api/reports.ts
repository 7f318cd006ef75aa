import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminReports, clientReports, managerReports } from '@vahub/shared/timesheets/endpoints';
import { fetchFile, saveFile } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { exportQueryOf, type ReportArea, type ReportQuery } from './params';

/**
 * The reports of each dashboard (`…/reports/{name}` and its `/export`): the admin has all four, a manager the
 * daily and summary reports, a client the daily report. Every key starts with the `reports` resource.
 */
type Endpoints = typeof adminReports.daily;
const daily: Record<ReportArea, Endpoints> = {
  admin: adminReports.daily,
  manager: managerReports.daily,
  client: clientReports.daily,
};
const summary = { admin: adminReports.summary, manager: managerReports.summary } as const;
export type SummaryArea = keyof typeof summary;

export const attendanceReportQuery = (query: ReportQuery) =>
  endpointQuery(adminReports.attendance.read, { query });
export const dailyReportQuery = (area: ReportArea, query: ReportQuery) =>
  endpointQuery(daily[area].read, { query });
export const summaryReportQuery = (area: SummaryArea, query: ReportQuery) =>
  endpointQuery(summary[area].read, { query });
export const teamSummaryReportQuery = (query: ReportQuery) =>
  endpointQuery(adminReports.teamSummary.read, { query });

// A new period or filter keeps the last answer on screen until the next arrives (no flash of skeletons).
const kept = { placeholderData: keepPreviousData } as const;
export const useAttendanceReport = (query: ReportQuery) =>
  useQuery({ ...attendanceReportQuery(query), ...kept });
export const useDailyReport = (area: ReportArea, query: ReportQuery) =>
  useQuery({ ...dailyReportQuery(area, query), ...kept });
export const useSummaryReport = (area: SummaryArea, query: ReportQuery) =>
  useQuery({ ...summaryReportQuery(area, query), ...kept });
export const useTeamSummaryReport = (query: ReportQuery) =>
  useQuery({ ...teamSummaryReportQuery(query), ...kept });

/** The export endpoint of a report in a dashboard. */
export type ExportTarget =
  | { kind: 'attendance' }
  | { kind: 'team-summary' }
  | { kind: 'daily'; area: ReportArea }
  | { kind: 'summary'; area: SummaryArea };

function exportEndpoint(target: ExportTarget) {
  switch (target.kind) {
    case 'attendance':
      return adminReports.attendance.export;
    case 'team-summary':
      return adminReports.teamSummary.export;
    case 'daily':
      return daily[target.area].export;
    case 'summary':
      return summary[target.area].export;
  }
}

/** Downloads a report's file with the page's filters (the server streams it; the browser saves it). */
export function useReportExport(target: ExportTarget) {
  return useMutation({
    mutationFn: async ({ query, format }: { query: ReportQuery; format: 'xlsx' | 'csv' }) => {
      const endpoint = exportEndpoint(target) as typeof adminReports.daily.export;
      saveFile(await fetchFile(endpoint, { query: exportQueryOf(query, format) }));
    },
  });
}
