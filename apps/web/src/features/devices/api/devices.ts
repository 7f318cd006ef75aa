import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceEndpoints as api } from '@vahub/shared/auth/device';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate } from '../../../lib/query-keys';

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
