import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { scheduledShiftSchema } from '@vahub/shared/contracts/schemas';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { AREA } from './areas';

export type ScheduledShift = z.infer<typeof scheduledShiftSchema>;
export interface ScheduledPage {
  date: string;
  data: ScheduledShift[];
  meta: PaginationMeta;
}

/** Admin `GET scheduled-today?date=`: shifts of active contracts on a date. */
export const getScheduledOn = (date: string | undefined, page: number): Promise<ScheduledPage> =>
  apiFetch<ScheduledPage>(`${AREA.admin}/scheduled-today`, { query: { date, page, per_page: 50 } });

export const scheduledOnQueryOptions = (date: string | undefined, page: number) =>
  queryOptions({
    queryKey: ['schedules', 'admin', 'today', date ?? 'today', page],
    queryFn: () => getScheduledOn(date, page),
    placeholderData: keepPreviousData,
  });

export const useScheduledOn = (date: string | undefined, page: number) =>
  useQuery(scheduledOnQueryOptions(date, page));
