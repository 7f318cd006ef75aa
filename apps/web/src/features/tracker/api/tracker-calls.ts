import type { vaAttendance } from '@vahub/shared/attendance/endpoints';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import type { TrackerTransport } from '@vahub/tracker-core/transport';
import { call, contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

/**
 * The tracker calls (`vaAttendance.current/clockIn/pings/clockOut/currentTask`), by their call data only: importing
 * the contracts would bring zod and every attendance schema into the VA home's chunk.
 */
const calls = {
  current: contractOf<typeof vaAttendance.current>({
    method: 'GET',
    path: '/api/v1/va-access/attendance/current/user',
    access: 'attendance.track',
    resource: 'attendance',
  }),
  clockIn: contractOf<typeof vaAttendance.clockIn>({
    method: 'POST',
    path: '/api/v1/va-access/attendance/clock-in',
    access: 'attendance.track',
    resource: 'attendance',
  }),
  clockOut: contractOf<typeof vaAttendance.clockOut>({
    method: 'POST',
    path: '/api/v1/va-access/attendance/clock-out',
    access: 'attendance.track',
    resource: 'attendance',
  }),
  pings: contractOf<typeof vaAttendance.pings>({
    method: 'POST',
    path: '/api/v1/va-access/attendance/pings',
    access: 'attendance.track',
    resource: 'attendance',
  }),
  currentTask: contractOf<typeof vaAttendance.currentTask>({
    method: 'PUT',
    path: '/api/v1/va-access/attendance/current-task',
    access: 'attendance.track',
    resource: 'attendance',
  }),
};
export const trackerCalls = calls;

/** The VA's ongoing or next shift (a tab that is not the timer reads it this way). */
export const currentShiftQuery = () => endpointQuery(calls.current, {});
export type { CurrentShift };

/** The tracker core's transport over the app's api client (session, token refresh, problem errors). */
export const webTransport: TrackerTransport = {
  current: () => call(calls.current, {}),
  clockIn: (attendanceId) =>
    call(calls.clockIn, { body: attendanceId ? { attendance_id: attendanceId } : {} }),
  clockOut: (attendanceId) => call(calls.clockOut, { body: { attendance_id: attendanceId } }),
  sendPings: (attendanceId, pings) => call(calls.pings, { body: { attendance_id: attendanceId, pings } }),
  setCurrentTask: (attendanceId, task) =>
    call(calls.currentTask, { body: { attendance_id: attendanceId, task } }),
};
