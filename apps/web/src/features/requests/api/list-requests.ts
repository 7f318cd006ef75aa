import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/query-keys';
import { type RequestArea, requestApi } from './areas';
import { type QueueFilters, queueQueryOf } from './filters';

/** `GET {admin|manager}-access/user-requests`: the queue, pending first; `meta.pending` counts the filter's pending ones. */
export const queueQuery = (area: RequestArea, filters: QueueFilters) =>
  endpointQuery(requestApi[area].list, { query: queueQueryOf(filters) });

export const useRequestQueue = (area: RequestArea, filters: QueueFilters) =>
  useQuery({ ...queueQuery(area, filters), placeholderData: keepPreviousData });
