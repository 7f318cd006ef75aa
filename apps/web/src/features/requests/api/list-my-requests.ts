import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vaRequests } from '@vahub/shared/requests/endpoints';
import { endpointQuery } from '../../../lib/query-keys';
import { type OwnFilters, ownQueryOf } from './filters';

/** `GET va-access/user-requests`: the VA's own requests, newest first. */
export const myRequestsQuery = (filters: OwnFilters) =>
  endpointQuery(vaRequests.list, { query: ownQueryOf(filters) });

export const useMyRequests = (filters: OwnFilters) =>
  useQuery({ ...myRequestsQuery(filters), placeholderData: keepPreviousData });
