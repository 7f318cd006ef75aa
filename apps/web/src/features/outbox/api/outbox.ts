import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationMeta } from '@vahub/shared/api/problem';
import type { OutboxMail } from '@vahub/shared/organization/schemas';
import { apiFetch } from '../../../lib/api-client';

export interface OutboxPage {
  data: OutboxMail[];
  meta: PaginationMeta;
}

export const getOutbox = (page: number, perPage = 20): Promise<OutboxPage> =>
  apiFetch<OutboxPage>('/api/v1/super-admin-access/outbox', { query: { page, per_page: perPage } });

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['outbox', page],
    queryFn: () => getOutbox(page),
    placeholderData: keepPreviousData,
    // Queued mails are being sent by a background job: look again until they settle.
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.status === 'queued') ? 5000 : false),
  });

export const useOutbox = (page: number) => useQuery(outboxQueryOptions(page));
