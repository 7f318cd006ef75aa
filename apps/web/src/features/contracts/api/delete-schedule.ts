import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { AREA, type WriteArea } from './areas';

/** `DELETE schedules/{id}`. */
export const deleteSchedule = (area: WriteArea, id: number): Promise<{ message: string }> =>
  apiFetch<{ message: string }>(`${AREA[area]}/schedules/${id}`, { method: 'DELETE' });

export const useDeleteSchedule = (area: WriteArea) =>
  useMutation({ mutationFn: (id: number) => deleteSchedule(area, id) });
