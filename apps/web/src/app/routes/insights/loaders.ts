import type { LoaderFunctionArgs } from 'react-router';
import {
  attendanceLogsQuery,
  attendanceQuery,
  calendarQuery,
  durationQuery,
  logsQuery,
  pingsQuery,
  timeblocksQuery,
} from '../../../features/attendance-insights/api/insights';
import {
  calendarQueryOf,
  durationQueryOf,
  logsQueryOf,
  timeblocksQueryOf,
} from '../../../features/attendance-insights/components/params';
import type { PageLoader } from '../../manifest';
import { viewerToday } from './viewer';

const searchOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

export const durationLoader: PageLoader = (args, client) =>
  client.ensureQueryData(durationQuery(durationQueryOf(searchOf(args))));

export const timeblocksLoader: PageLoader = (args, client) =>
  client.ensureQueryData(timeblocksQuery(timeblocksQueryOf(searchOf(args))));

export const calendarLoader: PageLoader = async (args, client) =>
  client.ensureQueryData(calendarQuery(calendarQueryOf(searchOf(args), await viewerToday(client))));

export const logsLoader: PageLoader = (args, client) =>
  client.ensureQueryData(logsQuery(logsQueryOf(searchOf(args))));

export const logLoader: PageLoader = (args, client) => {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) return Promise.resolve(null);
  return Promise.all([
    client.ensureQueryData(attendanceQuery(id)),
    client.ensureQueryData(attendanceLogsQuery(id)),
    client.ensureQueryData(pingsQuery(id, 1)),
  ]);
};
