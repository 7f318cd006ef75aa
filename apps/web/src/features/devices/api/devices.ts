import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vaAttendance as attendance } from '@vahub/shared/attendance/endpoints';
import { deviceEndpoints as api } from '@vahub/shared/auth/device';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate, queryKeyOf } from '../../../lib/query-keys';

/** The computer waiting behind a user code (`/device`); only asked once a code is entered. */
export const usePendingDevice = (userCode: string | null) =>
  useQuery({
    ...endpointQuery(api.show, { query: { user_code: userCode ?? '' } }),
    enabled: Boolean(userCode),
    retry: false,
  });

export function useDecideDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_code: string; approve: boolean }) => call(api.decide, { body }),
    onSuccess: () => invalidate(client, 'session'),
  });
}

/** The VA's connected computers (their tracker sessions). */
export const useComputers = () => useQuery(endpointQuery(api.computers, {}));

export function useDisconnectComputer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.disconnect, { params: { id } }),
    onSuccess: () => invalidate(client, 'session'),
  });
}

/** The VA's own screenshot-notice switch (issue 32): whether it is off, and whether a contract allows it. */
export const useScreenshotNotice = () => useQuery(endpointQuery(attendance.screenshotNotice, {}));

export function useSetScreenshotNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => call(attendance.setScreenshotNotice, { body: { muted } }),
    onSuccess: (data) => client.setQueryData(queryKeyOf(attendance.screenshotNotice, {}), data),
  });
}
