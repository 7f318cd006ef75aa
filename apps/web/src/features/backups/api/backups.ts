import { useQuery } from '@tanstack/react-query';
import { backupEndpoints } from '@vahub/shared/system/backups';
import { endpointQuery } from '../../../lib/query-keys';

/** `GET super-admin-access/backups`: the schedule and the latest runs; looked at again while one runs. */
export const useBackups = () =>
  useQuery({
    ...endpointQuery(backupEndpoints.overview, {}),
    refetchInterval: (query) => (query.state.data?.runs.some((r) => r.status === 'running') ? 5000 : false),
  });
