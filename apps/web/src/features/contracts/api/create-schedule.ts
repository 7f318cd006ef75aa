import { useMutation } from '@tanstack/react-query';
import type { ScheduleCreateInput, ScheduleListItem } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA, type WriteArea } from './areas';

/** `POST schedules`: a weekly block (end <= start runs overnight). */
export const createSchedule = (area: WriteArea, body: ScheduleCreateInput): Promise<ScheduleListItem> =>
  apiFetch<ScheduleListItem>(`${AREA[area]}/schedules`, { method: 'POST', body });

/** The editor refetches itself once a change settles, so no invalidation here. */
export const useCreateSchedule = (area: WriteArea) =>
  useMutation({ mutationFn: (body: ScheduleCreateInput) => createSchedule(area, body) });
