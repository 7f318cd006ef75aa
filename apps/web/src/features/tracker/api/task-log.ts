import { useQuery } from '@tanstack/react-query';
import type { vaAttendance } from '@vahub/shared/attendance/endpoints';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

// GET va-access/attendance/task-log: tracked seconds per local date and task, from the pings (call data only).
const taskLog = contractOf<typeof vaAttendance.taskLog>({
  method: 'GET',
  path: '/api/v1/va-access/attendance/task-log',
  access: 'attendance.track',
  resource: 'attendance',
});

export const taskLogQuery = (date: string) =>
  endpointQuery(taskLog, { query: { start_date: date, end_date: date, per_page: 100 } });

/** One day's task log (the date in the shift's zone, as the server dates the pings). */
export function useTaskLog(date: string, enabled: boolean) {
  return useQuery({ ...taskLogQuery(date), enabled });
}
