import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import {
  adminTimesheets,
  clientTimesheets,
  managerTimesheets,
  vaTimesheets,
} from '@vahub/shared/timesheets/endpoints';
import type {
  SignOffInput,
  SignOffReplyInput,
  TimesheetPatch,
  WeeksQuery,
} from '@vahub/shared/timesheets/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';
import { listQueryOf, type TimesheetArea, type TimesheetFilters } from './filters';

/** Each dashboard reads its own area of the API (a manager's and a client's answers are scoped by the server). */
export const timesheetApi = {
  admin: adminTimesheets,
  manager: managerTimesheets,
  client: clientTimesheets,
} as const;

export type TimesheetPage = EndpointOutput<typeof adminTimesheets.list>;
export type TimesheetRow = TimesheetPage['data'][number];
export type TimesheetDetail = EndpointOutput<typeof adminTimesheets.detail>;
export type WeekPage = EndpointOutput<typeof adminTimesheets.weeks>;
export type Week = WeekPage['data'][number];
export type WeeksFilter = Partial<Omit<WeeksQuery, 'weeks' | 'page' | 'per_page'>> & {
  weeks?: number;
  page?: number;
  per_page?: number;
};

export const listQuery = (area: TimesheetArea, filters: TimesheetFilters) =>
  endpointQuery(timesheetApi[area].list, { query: listQueryOf(filters) });
export const useTimesheets = (area: TimesheetArea, filters: TimesheetFilters) =>
  useQuery({ ...listQuery(area, filters), placeholderData: keepPreviousData });

export const detailQuery = (area: TimesheetArea, id: number) =>
  endpointQuery(timesheetApi[area].detail, { params: { id } });
export const useTimesheet = (area: TimesheetArea, id: number) => useQuery(detailQuery(area, id));

/** The sign-off weeks: the admin's and a manager's overview, a client's own VAs. */
export const weeksQuery = (area: TimesheetArea, query: WeeksFilter) =>
  endpointQuery(timesheetApi[area].weeks, { query: query as WeeksQuery });
export const useWeeks = (area: TimesheetArea, query: WeeksFilter, enabled = true) =>
  useQuery({ ...weeksQuery(area, query), placeholderData: keepPreviousData, enabled });

/** The VA's own weeks (per client) and timesheets. */
export const ownWeeksQuery = (query: WeeksFilter) =>
  endpointQuery(vaTimesheets.weeks, { query: query as WeeksQuery });
export const useOwnWeeks = (query: WeeksFilter) =>
  useQuery({ ...ownWeeksQuery(query), placeholderData: keepPreviousData });
export const ownListQuery = (query: { start_date: string; end_date: string; page: number }) =>
  endpointQuery(vaTimesheets.list, { query: { ...query, per_page: 25 } });
export const useOwnTimesheets = (query: { start_date: string; end_date: string; page: number }) =>
  useQuery({ ...ownListQuery(query), placeholderData: keepPreviousData });

/**
 * Adjusts and decides (`PATCH timesheets/:id`): the admin any, a manager in scope. Every timesheet view
 * refetches after (lists, totals, weeks).
 */
export function useUpdateTimesheet(area: 'admin' | 'manager') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TimesheetPatch }) =>
      call(timesheetApi[area].update, { params: { id }, body }),
    onSettled: () => invalidate(client, 'timesheets'),
  });
}

/** The client approves or disputes a VA's week. */
export function useSignOff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignOffInput) => call(clientTimesheets.signOff, { body }),
    onSettled: () => invalidate(client, 'timesheets'),
  });
}

/** The VA answers a dispute. */
export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignOffReplyInput) => call(vaTimesheets.reply, { body }),
    onSettled: () => invalidate(client, 'timesheets'),
  });
}
