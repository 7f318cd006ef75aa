import { useQuery } from '@tanstack/react-query';
import type { systemEndpoints } from '@vahub/shared/system/endpoints';
import { contractOf } from '../../../lib/api-client';
import { endpointQuery } from '../../../lib/query-keys';
import { currentShiftQuery } from './tracker-calls';

// Call data only, as the other tracker calls: the VA home's chunk stays free of zod.
const downloadLinks = contractOf<typeof systemEndpoints.appDownloadLinks>({
  method: 'GET',
  path: '/api/v1/config/app-download-links',
  access: 'public',
  resource: 'system',
});

/** Where the operator put the desktop agent's builds (`APP_DOWNLOAD_*_URL`); changes only with a restart. */
export const useDownloadLinks = (enabled: boolean) =>
  useQuery({ ...endpointQuery(downloadLinks, {}), staleTime: Number.POSITIVE_INFINITY, enabled });

/** How often the VA home asks again whether the desktop agent is connected (it connects on its own). */
export const AGENT_POLL_MS = 30_000;

/**
 * Whether the VA's desktop agent is connected: the server's `agent_connected`, asked again every
 * AGENT_POLL_MS (the timer's own answer, `fallback`, until the first one comes back).
 */
export function useAgentConnected(fallback: boolean): boolean {
  const query = useQuery({
    ...currentShiftQuery(),
    refetchInterval: AGENT_POLL_MS,
    select: (current) => current.agent_connected,
  });
  return query.data ?? fallback;
}
