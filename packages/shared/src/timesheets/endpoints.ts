import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema } from '../api/problem';
import {
  attendanceReportSchema,
  dailyReportSchema,
  type ReportName,
  reportExportQuerySchema,
  reportQuerySchema,
  summaryReportSchema,
  teamSummaryReportSchema,
} from './reports';
import {
  exportJobCreateSchema,
  exportJobIdParamSchema,
  exportJobSchema,
  exportQuerySchema,
  ownTimesheetQuerySchema,
  signOffReplySchema,
  signOffResultSchema,
  signOffSchema,
  signOffWeekPageSchema,
  signOffWeekSchema,
  timesheetDetailSchema,
  timesheetPageSchema,
  timesheetPatchSchema,
  timesheetQuerySchema,
  weeksQuerySchema,
} from './schemas';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const timesheets = { resource: 'timesheets', tags: ['timesheets'] } as const;
const reports = { resource: 'reports', tags: ['reports'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
/** A file: XLSX, CSV or PDF, named after the period (`Content-Disposition`). */
const fileResponse = z.string().describe('The file (binary)');
/** What a download answers in, by its `format` (the API document's media types). */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TABLE_FILES = [XLSX, 'text/csv'] as const;
const TIMESHEET_FILES = [...TABLE_FILES, 'application/pdf'] as const;

type ReadAccess = 'timesheets.read_all' | 'timesheets.read_scoped' | 'timesheets.read_own_vas';

/** What the admin, a manager (their scope) and a client (their own VAs) read and export. */
const supervisorTimesheets = (base: string, access: ReadAccess) => ({
  list: endpoint({
    ...timesheets,
    method: 'GET',
    path: `${base}/timesheets`,
    access,
    summary:
      'Timesheets, oldest first, with the totals of every matching row in `meta.totals` (filters: va_id, client_id, contract_id, team_id, status, client_status, start_date, end_date)',
    query: timesheetQuerySchema,
    response: timesheetPageSchema,
  }),
  detail: endpoint({
    ...timesheets,
    ...byId,
    method: 'GET',
    path: `${base}/timesheets/:id`,
    access,
    summary: 'One timesheet with the tracked figures now, the sign-off and its history',
    response: timesheetDetailSchema,
  }),
  export: endpoint({
    ...timesheets,
    method: 'GET',
    path: `${base}/timesheets/export`,
    access,
    summary:
      "The filtered timesheets as a streamed file: XLSX (default) or CSV with totals per VA and per client, or a PDF of one VA's period",
    query: exportQuerySchema,
    response: fileResponse,
    download: true,
    mediaTypes: TIMESHEET_FILES,
  }),
  createExportJob: endpoint({
    ...timesheets,
    method: 'POST',
    path: `${base}/timesheets/export-jobs`,
    access,
    summary: 'Starts a background export of the filtered timesheets (large ones); poll it for progress',
    body: exportJobCreateSchema,
    response: exportJobSchema,
    status: 202,
  }),
  exportJob: endpoint({
    ...timesheets,
    method: 'GET',
    path: `${base}/timesheets/export-jobs/:id`,
    access,
    summary: "A background export's progress, and a signed download link when it is done",
    params: exportJobIdParamSchema,
    response: exportJobSchema,
    errors: [404],
  }),
  weeks: endpoint({
    ...timesheets,
    method: 'GET',
    path: `${base}/timesheets/weeks`,
    access,
    summary: "Each VA's weeks per client: days, totals and where the client's sign-off stands",
    query: weeksQuerySchema,
    response: signOffWeekPageSchema,
  }),
});

const decide = (base: string) =>
  endpoint({
    ...timesheets,
    ...byId,
    method: 'PATCH',
    path: `${base}/timesheets/:id`,
    access: 'timesheets.decide',
    summary:
      'Adjusts (adjustment_minutes with a note: the reason) and/or decides (status); an approved timesheet is frozen until an admin reopens it (status: pending)',
    body: timesheetPatchSchema,
    response: timesheetDetailSchema,
    errors: [404, 422],
  });

type ReportAccess = ReadAccess;
const report = <N extends ReportName, R extends z.ZodType>(
  base: string,
  access: ReportAccess,
  name: N,
  response: R,
  summary: string,
) => ({
  read: endpoint({
    ...reports,
    method: 'GET',
    path: `${base}/reports/${name}` as `${string}/reports/${N}`,
    access,
    summary,
    query: reportQuerySchema,
    response,
  }),
  export: endpoint({
    ...reports,
    method: 'GET',
    path: `${base}/reports/${name}/export` as `${string}/reports/${N}/export`,
    access,
    summary: `${summary}: as a streamed XLSX (default) or CSV file`,
    query: reportExportQuerySchema,
    response: fileResponse,
    download: true,
    mediaTypes: TABLE_FILES,
  }),
});

const SUMMARIES = {
  attendance: 'Attendance report: on time, late, absent and on leave per VA over the period',
  daily: 'Daily report: per day and VA, scheduled against worked, activity and lateness',
  summary: 'Summary report: per VA over the period, worked, activity, overtime, adjustments, billable',
  team: 'Team summary: per team over the period',
} as const;

export const adminTimesheets = {
  ...supervisorTimesheets(ADMIN, 'timesheets.read_all'),
  update: decide(ADMIN),
};
export const managerTimesheets = {
  ...supervisorTimesheets(MANAGER, 'timesheets.read_scoped'),
  update: decide(MANAGER),
};
export const clientTimesheets = {
  ...supervisorTimesheets(CLIENT, 'timesheets.read_own_vas'),
  signOff: endpoint({
    ...timesheets,
    method: 'POST',
    path: `${CLIENT}/timesheets/sign-off`,
    access: 'timesheets.sign_off',
    summary:
      "Approves or disputes one VA's week of timesheets (week_start: a Monday); a dispute needs a comment. Off where the organization turned sign-off off",
    body: signOffSchema,
    response: signOffResultSchema,
    errors: [404, 422],
  }),
};

export const vaTimesheets = {
  list: endpoint({
    ...timesheets,
    method: 'GET',
    path: `${VA}/timesheets`,
    access: 'timesheets.own',
    summary: 'My timesheets, newest first, with totals in `meta.totals`',
    query: ownTimesheetQuerySchema,
    response: timesheetPageSchema,
  }),
  weeks: endpoint({
    ...timesheets,
    method: 'GET',
    path: `${VA}/timesheets/weeks`,
    access: 'timesheets.own',
    summary: "My weeks per client, with the client's sign-off and disputes to answer",
    query: weeksQuerySchema,
    response: signOffWeekPageSchema,
  }),
  reply: endpoint({
    ...timesheets,
    method: 'POST',
    path: `${VA}/timesheets/sign-off/reply`,
    access: 'timesheets.own',
    summary: "Answers the client's dispute of a week",
    body: signOffReplySchema,
    response: signOffWeekSchema,
    errors: [404, 422],
  }),
};

export const adminReports = {
  attendance: report(
    ADMIN,
    'timesheets.read_all',
    'attendance',
    attendanceReportSchema,
    SUMMARIES.attendance,
  ),
  daily: report(ADMIN, 'timesheets.read_all', 'daily', dailyReportSchema, SUMMARIES.daily),
  summary: report(ADMIN, 'timesheets.read_all', 'summary', summaryReportSchema, SUMMARIES.summary),
  teamSummary: report(ADMIN, 'timesheets.read_all', 'team-summary', teamSummaryReportSchema, SUMMARIES.team),
};
export const managerReports = {
  daily: report(MANAGER, 'timesheets.read_scoped', 'daily', dailyReportSchema, SUMMARIES.daily),
  summary: report(MANAGER, 'timesheets.read_scoped', 'summary', summaryReportSchema, SUMMARIES.summary),
};
export const clientReports = {
  daily: report(CLIENT, 'timesheets.read_own_vas', 'daily', dailyReportSchema, SUMMARIES.daily),
};
