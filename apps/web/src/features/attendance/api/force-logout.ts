import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAttendance, managerAttendance } from '@vahub/shared/attendance/endpoints';
import { call } from '../../../lib/api-client';
import { invalidate } from '../../../lib/query-keys';
import type { SupervisorArea } from './lists';

const api = { admin: adminAttendance, manager: managerAttendance } as const;

/** `POST attendance/logout`: ends a VA's ongoing attendance now and stops their trackers. */
export function useForceLogout(area: SupervisorArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; attendance_id: number }) => call(api[area].logout, { body }),
    onSuccess: () => invalidate(client, 'attendance'),
  });
}
