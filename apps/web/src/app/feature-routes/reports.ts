import { defineFeature, lazyLoader, type NavEntry, type PageDef } from '../manifest';

const loaders = () => import('../routes/reports/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);
const inReports = (labelKey: string, order: number): NavEntry => ({ labelKey, order, group: 'reports' });

// Each page is its own chunk with the charts (recharts): none of it is in the first page's script.
const daily = (path: string, order: number): PageDef => ({
  path,
  load: () => import('../routes/reports/daily-report-page'),
  component: 'DailyReportPage',
  loader: loader('dailyReportLoader'),
  nav: inReports('nav.dailyReports', order),
});
const summary = (path: string, order: number): PageDef => ({
  path,
  load: () => import('../routes/reports/summary-report-page'),
  component: 'SummaryReportPage',
  loader: loader('summaryReportLoader'),
  nav: inReports('nav.summaryReports', order),
});

/**
 * The reports of issue 13 in the "Reports" group: the admin's attendance, daily, summary and team summary
 * reports; a manager's daily and summary reports; a client's daily report. Filters live in the URL; each
 * exports as XLSX or CSV.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  ns: 'reports',
  pages: {
    admin: [
      {
        path: 'reports/attendance-reports',
        load: () => import('../routes/reports/attendance-report-page'),
        component: 'AttendanceReportPage',
        loader: loader('attendanceReportLoader'),
        nav: inReports('nav.attendanceReports', 30),
      },
      daily('reports/daily-reports', 31),
      summary('reports/summary-reports', 32),
      {
        path: 'reports/team-summary-reports',
        load: () => import('../routes/reports/team-summary-report-page'),
        component: 'TeamSummaryReportPage',
        loader: loader('teamSummaryReportLoader'),
        nav: inReports('nav.teamSummaryReports', 33),
      },
    ],
    manager: [daily('reports/daily', 31), summary('reports/summary', 32)],
    client: [daily('reports/daily', 31)],
  },
});
