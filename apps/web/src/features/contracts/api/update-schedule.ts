import { useMutation } from '@tanstack/react-query';
import type { ScheduleListItem, ScheduleUpdateInput } from '@vahub/shared/contracts/schemas';
import { apiFetch } from '../../../lib/api-client';
import { AREA, type WriteArea } from './areas';

/** `PATCH schedules/{id}`: move or resize a block. */
export const updateSchedule = (
  area: WriteArea,
  id: number,
  body: ScheduleUpdateInput,
): Promise<ScheduleListItem> =>
  apiFetch<ScheduleListItem>(`${AREA[area]}/schedules/${id}`, { method: 'PATCH', body });

export const useUpdateSchedule = (area: WriteArea) =>
  useMutation({
    mutationFn: ({ id, ...body }: ScheduleUpdateInput & { id: number }) => updateSchedule(area, id, body),
  });
