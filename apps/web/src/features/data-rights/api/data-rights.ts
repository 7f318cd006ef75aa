import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminDataRights, clientDataRights, vaDataRights } from '@vahub/shared/data-rights/endpoints';
import type { DataExport, DataRightsSettings } from '@vahub/shared/data-rights/schemas';
import { useCallback, useState } from 'react';
import { call } from '../../../lib/api-client';
import { endpointQuery, invalidate, queryKeyOf } from '../../../lib/query-keys';

/** Who exports: an admin the organization's data, a client their VAs' and contracts', a VA their own. */
export type ExportArea = 'admin' | 'client' | 'va';

const START = {
  admin: adminDataRights.exportOrganization,
  client: clientDataRights.exportMine,
  va: vaDataRights.exportMe,
} as const;
const JOB = {
  admin: adminDataRights.exportJob,
  client: clientDataRights.exportJob,
  va: vaDataRights.exportJob,
} as const;

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 1000;

/** Starts an export and follows its job every second until it is done (a link) or failed. */
export function useDataExport(area: ExportArea) {
  const [id, setId] = useState<string | null>(null);
  const job = useQuery({
    queryKey: queryKeyOf(JOB[area], { params: { id: id ?? '' } }),
    queryFn: ({ signal }) => call(JOB[area], { params: { id: id ?? '' } }, signal) as Promise<DataExport>,
    enabled: id !== null,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'done' || status === 'failed' ? false : EXPORT_POLL_MS;
    },
    staleTime: 0,
    gcTime: 0,
  });
  const start = useMutation({
    mutationFn: () => call(START[area], {}) as Promise<DataExport>,
    onSuccess: (created) => setId(created.id),
  });
  const reset = useCallback(() => {
    setId(null);
    start.reset();
  }, [start]);
  return { start, job: id ? job : undefined, reset };
}

export const useDataRightsSettings = () => useQuery(endpointQuery(adminDataRights.settings, {}));

export function useUpdateDataRightsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRightsSettings) => call(adminDataRights.updateSettings, { body }),
    onSettled: () => invalidate(client, 'settings'),
  });
}

export function useEraseUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: number; confirmName: string }) =>
      call(adminDataRights.erase, { params: { id }, body: { confirm_name: confirmName } }),
    onSettled: () => invalidate(client, 'users'),
  });
}
