import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import { adminNotifications } from '@vahub/shared/notifications/endpoints';
import { endpointQuery } from '../../../lib/query-keys';
import { type LogFilters, logQueryOf } from './va-log-filters';

export type VaLogPage = EndpointOutput<typeof adminNotifications.aboutVas>;
export type VaLogItem = VaLogPage['data'][number];

/** `GET /api/v1/admin-access/virtual-assistants/notifications`: the organization's notifications about VAs. */
export const vaLogQuery = (filters: LogFilters) =>
  endpointQuery(adminNotifications.aboutVas, { query: logQueryOf(filters) });
export const useVaLog = (filters: LogFilters) =>
  useQuery({ ...vaLogQuery(filters), placeholderData: keepPreviousData });
