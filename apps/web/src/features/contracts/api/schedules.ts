import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { EndpointInput, EndpointOutput } from '@vahub/shared/api/endpoint';
import { adminSchedules, clientContracts, schedulesByArea } from '@vahub/shared/contracts/endpoints';
import type { ScheduleListQuery } from '@vahub/shared/contracts/schemas';
import { call } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';

/** Areas that read schedules, and those that may change them (admins anywhere, clients their own). */
export type ScheduleArea = keyof typeof schedulesByArea;
export type WriteArea = 'admin' | 'client';
export type ScheduleFilters = Partial<ScheduleListQuery>;
export type ScheduledShift = EndpointOutput<typeof adminSchedules.scheduledToday>['data'][number];

/** The schedule blocks an area sees (filters; paginated). */
export const schedulesQuery = (area: ScheduleArea, query: ScheduleFilters) =>
  endpointQuery(schedulesByArea[area].list, { query });
export const useSchedules = (area: ScheduleArea, query: ScheduleFilters, enabled = true) =>
  useQuery({ ...schedulesQuery(area, query), placeholderData: keepPreviousData, enabled });

/** Every block of a client's contracts, for their week view. */
export const clientSchedulesQuery = () => endpointQuery(clientContracts.schedules, {});
export const useClientSchedules = () => useQuery(clientSchedulesQuery());

/** Shifts of active contracts on a date (each contract's own date; default today). */
export const scheduledOnQuery = (date: string | undefined, page: number) =>
  endpointQuery(adminSchedules.scheduledToday, { query: { date, page, per_page: 50 } });
export const useScheduledOn = (date: string | undefined, page: number) =>
  useQuery({ ...scheduledOnQuery(date, page), placeholderData: keepPreviousData });

type Writes = (typeof schedulesByArea)['admin'];
type Body<E extends 'create' | 'update'> = NonNullable<EndpointInput<Writes[E]>['body']>;

// The editor refetches its contract once a change settles, so these invalidate nothing themselves.
export const useCreateSchedule = (area: WriteArea) =>
  useMutation({ mutationFn: (body: Body<'create'>) => call(schedulesByArea[area].create, { body }) });

export const useUpdateSchedule = (area: WriteArea) =>
  useMutation({
    mutationFn: ({ id, ...body }: Body<'update'> & { id: number }) =>
      call(schedulesByArea[area].update, { params: { id }, body }),
  });

export const useDeleteSchedule = (area: WriteArea) =>
  useMutation({ mutationFn: (id: number) => call(schedulesByArea[area].remove, { params: { id } }) });
