import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { idParamSchema, paginated } from '../api/problem';
import {
  activityBlockSchema,
  attendanceDetailSchema,
  attendanceListItemSchema,
  attendanceListQuerySchema,
  attendanceLogQuerySchema,
  attendanceLogSchema,
  attendanceSchema,
  calendarQuerySchema,
  calendarSchema,
  clientAttendanceQuerySchema,
  clientStatsSchema,
  countersSchema,
  fixDateSchema,
  forceLogoutSchema,
  onlineItemSchema,
  onlineQuerySchema,
  pingSchema,
  resetUpcomingResultSchema,
  resetUpcomingSchema,
  taskLogItemSchema,
  taskLogQuerySchema,
  timeblockRowSchema,
  timeblocksQuerySchema,
  userAttendanceQuerySchema,
  vaAttendanceQuerySchema,
  vaSummaryQuerySchema,
  vaSummarySchema,
  vaWeeksQuerySchema,
} from './schemas';
import {
  clockInSchema,
  clockOutSchema,
  currentShiftSchema,
  currentTaskResultSchema,
  pingBatchSchema,
  pingResultSchema,
  screenshotNoticePreferenceSchema,
  setCurrentTaskSchema,
  setScreenshotNoticeSchema,
} from './tracker-protocol';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';
const CLIENT = '/api/v1/client-access';
const VA = '/api/v1/va-access';

const attendance = { resource: 'attendance', tags: ['attendance'] } as const;
const byId = { params: idParamSchema, errors: [404] } as const;
const pagedPings = paginated(pingSchema).extend({ blocks: z.array(activityBlockSchema) });

/** Reads the admin and the manager share (a manager's rows are those in their scope). */
const supervisorReads = (base: string, access: 'attendance.read_all' | 'attendance.read_scoped') => ({
  list: endpoint({
    ...attendance,
    method: 'GET',
    path: `${base}/attendance`,
    access,
    summary: 'Attendances (filters: start_date, end_date, va_id, client_id, contract_id, team_id, status)',
    query: attendanceListQuerySchema,
    response: paginated(attendanceListItemSchema),
  }),
  listUsers: endpoint({
    ...attendance,
    method: 'GET',
    path: `${base}/attendance/list-users`,
    operationName: 'listAttendanceUsers',
    access,
    summary: 'Per VA over a period: shifts, lateness, absences, scheduled vs worked time, activity',
    query: vaSummaryQuerySchema,
    response: paginated(vaSummarySchema),
  }),
  listOnline: endpoint({
    ...attendance,
    method: 'GET',
    path: `${base}/attendance/list-online`,
    access,
    summary: 'Who is on shift now, with presence (state: online, idle, offline, all)',
    query: onlineQuerySchema,
    response: paginated(onlineItemSchema),
  }),
  counters: endpoint({
    ...attendance,
    method: 'GET',
    path: `${base}/dashboard/counters`,
    access,
    summary: 'Live counters: online, idle, late, absent and scheduled today, hours this week',
    response: countersSchema,
  }),
  logout: endpoint({
    ...attendance,
    method: 'POST',
    path: `${base}/attendance/logout`,
    access: 'attendance.logout',
    summary: "Ends a VA's ongoing attendance now and stops their trackers",
    body: forceLogoutSchema,
    response: attendanceSchema,
    errors: [404, 422],
  }),
});

/** The admin area: every attendance of the organization. */
export const adminAttendance = {
  ...supervisorReads(ADMIN, 'attendance.read_all'),
  ofUser: endpoint({
    ...attendance,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/attendance/user/:id`,
    operationName: 'listUserAttendance',
    access: 'attendance.read_all',
    summary: "One VA's attendances (filters: start_date, end_date, status, client_id)",
    query: userAttendanceQuerySchema,
    response: paginated(attendanceListItemSchema),
  }),
  get: endpoint({
    ...attendance,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/attendance/:id`,
    access: 'attendance.read_all',
    summary: 'One attendance with its 10-minute activity blocks',
    response: attendanceDetailSchema,
  }),
  pings: endpoint({
    ...attendance,
    ...byId,
    method: 'GET',
    path: `${ADMIN}/attendance/:id/pings`,
    access: 'attendance.read_all',
    summary: "An attendance's pings in time order, with its activity blocks",
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(100),
    }),
    response: pagedPings,
  }),
  logs: endpoint({
    ...attendance,
    method: 'GET',
    path: `${ADMIN}/attendance-logs`,
    access: 'attendance.read_all',
    summary: 'Attendance logs, newest first (filters: attendance_id, va_id, client_id, type, period)',
    query: attendanceLogQuerySchema,
    response: paginated(attendanceLogSchema),
  }),
  timeblocks: endpoint({
    ...attendance,
    method: 'GET',
    path: `${ADMIN}/attendance/timeblocks`,
    access: 'attendance.read_all',
    summary: "Per VA, one day's 10-minute activity blocks (date in the viewer's zone, default today)",
    query: timeblocksQuerySchema,
    response: paginated(timeblockRowSchema),
  }),
  calendar: endpoint({
    ...attendance,
    method: 'GET',
    path: `${ADMIN}/attendance/calendar`,
    access: 'attendance.read_all',
    summary: 'A month of attendance statuses per day (filters: va_id, client_id, team_id)',
    query: calendarQuerySchema,
    response: calendarSchema,
  }),
  fixDate: endpoint({
    ...attendance,
    method: 'POST',
    path: `${ADMIN}/attendance/fix-date`,
    access: 'attendance.manage',
    summary: 'Moves an upcoming attendance to another local date (audited)',
    body: fixDateSchema,
    response: attendanceSchema,
    errors: [404, 422],
  }),
  resetUpcoming: endpoint({
    ...attendance,
    method: 'POST',
    path: `${ADMIN}/attendance/reset-upcoming`,
    access: 'attendance.manage',
    summary: "Rebuilds a contract's upcoming attendances from its schedule (audited)",
    body: resetUpcomingSchema,
    response: resetUpcomingResultSchema,
    errors: [404, 422],
  }),
};

/** The manager area: the VAs in the manager's scope. */
export const managerAttendance = supervisorReads(MANAGER, 'attendance.read_scoped');

/** The client area: their own VAs. */
export const clientAttendance = {
  onlineList: endpoint({
    ...attendance,
    method: 'GET',
    path: `${CLIENT}/va-online-list`,
    access: 'attendance.read_own_vas',
    summary: 'Your VAs on shift now, with presence',
    query: onlineQuerySchema,
    response: paginated(onlineItemSchema),
  }),
  attendanceList: endpoint({
    ...attendance,
    method: 'GET',
    path: `${CLIENT}/va-attendance-list`,
    access: 'attendance.read_own_vas',
    summary: "Your VAs' attendances (filters: start_date, end_date, va_id, contract_id, status)",
    query: clientAttendanceQuerySchema,
    response: paginated(attendanceListItemSchema),
  }),
  stats: endpoint({
    ...attendance,
    method: 'GET',
    path: `${CLIENT}/stats`,
    access: 'attendance.read_own_vas',
    summary: 'Your VAs now and this week: online, idle, late, absent, hours',
    response: clientStatsSchema,
  }),
};

/** The VA's own attendance and the tracker protocol (DOMAIN.md). */
export const vaAttendance = {
  upcoming: endpoint({
    ...attendance,
    method: 'GET',
    path: `${VA}/attendance/upcoming/user`,
    access: 'attendance.track',
    summary: 'Your upcoming shifts: start_date and end_date, or weeks from today (default 4)',
    query: vaWeeksQuerySchema,
    response: paginated(attendanceListItemSchema),
  }),
  passed: endpoint({
    ...attendance,
    method: 'GET',
    path: `${VA}/attendance/passed/user`,
    access: 'attendance.track',
    summary: 'Your passed shifts, newest first: start_date and end_date, or weeks up to today (default 4)',
    query: vaWeeksQuerySchema,
    response: paginated(attendanceListItemSchema),
  }),
  list: endpoint({
    ...attendance,
    tracker: true,
    method: 'GET',
    path: `${VA}/attendances`,
    access: 'attendance.track',
    summary: 'Your attendances (filters: start_date, end_date, status, contract_id)',
    query: vaAttendanceQuerySchema,
    response: paginated(attendanceListItemSchema),
  }),
  current: endpoint({
    ...attendance,
    tracker: true,
    method: 'GET',
    path: `${VA}/attendance/current/user`,
    access: 'attendance.track',
    summary: 'Your ongoing shift, else the next one, with the clock-in window and tracking settings',
    response: currentShiftSchema,
  }),
  taskLog: endpoint({
    ...attendance,
    method: 'GET',
    path: `${VA}/attendance/task-log`,
    access: 'attendance.track',
    summary: 'Your tracked time per day and task (from the pings)',
    query: taskLogQuerySchema,
    response: paginated(taskLogItemSchema),
  }),
  clockIn: endpoint({
    ...attendance,
    tracker: true,
    method: 'POST',
    path: `${VA}/attendance/clock-in`,
    access: 'attendance.track',
    summary: 'Starts the shift (the current or next one inside the clock-in window when no id is given)',
    body: clockInSchema,
    response: attendanceSchema,
    errors: [404, 422],
  }),
  pings: endpoint({
    ...attendance,
    tracker: true,
    method: 'POST',
    path: `${VA}/attendance/pings`,
    access: 'attendance.track',
    summary:
      'Up to 500 pings of one attendance; a retried ping id counts once; bad items are refused one by one',
    body: pingBatchSchema,
    response: pingResultSchema,
    errors: [404, 422],
  }),
  currentTask: endpoint({
    ...attendance,
    tracker: true,
    method: 'PUT',
    path: `${VA}/attendance/current-task`,
    access: 'attendance.track',
    summary:
      'Sets what your ongoing shift works on (a task of its client or a general task; null: none); your other trackers follow',
    body: setCurrentTaskSchema,
    response: currentTaskResultSchema,
    errors: [404, 422],
  }),
  screenshotNotice: endpoint({
    ...attendance,
    method: 'GET',
    path: `${VA}/attendance/screenshot-notice`,
    access: 'attendance.track',
    summary:
      'Whether you turned the notices of scheduled screenshots off, and whether a contract of yours allows it (issue 32)',
    response: screenshotNoticePreferenceSchema,
  }),
  setScreenshotNotice: endpoint({
    ...attendance,
    method: 'PUT',
    path: `${VA}/attendance/screenshot-notice`,
    access: 'attendance.track',
    summary:
      'Turns the notices of scheduled screenshots off or on for your computers; off only where a contract of yours allows it (else 409)',
    body: setScreenshotNoticeSchema,
    response: screenshotNoticePreferenceSchema,
    errors: [409, 422],
  }),
  clockOut: endpoint({
    ...attendance,
    tracker: true,
    method: 'POST',
    path: `${VA}/attendance/clock-out`,
    access: 'attendance.track',
    summary: 'Ends your ongoing shift',
    body: clockOutSchema,
    response: attendanceSchema,
    errors: [404, 422],
  }),
};

export const attendanceEndpoints = {
  admin: adminAttendance,
  manager: managerAttendance,
  client: clientAttendance,
  va: vaAttendance,
};
