import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { mailEndpoints } from '@vahub/shared/system/endpoints';
import type { LoaderFunctionArgs } from 'react-router';
import { endpointQuery } from '../../../lib/query-keys';

export const OUTBOX_PER_PAGE = 20;

/** The page number of the outbox's address (`?page=2`), 1 when absent or not a page. */
export const outboxPageOf = (search: URLSearchParams): number => {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** `GET super-admin-access/outbox`: a page of mails, newest first. */
const outboxQuery = (page: number) =>
  endpointQuery(mailEndpoints.outbox, { query: { page, per_page: OUTBOX_PER_PAGE } });

export const useOutbox = (page: number) =>
  useQuery({
    ...outboxQuery(page),
    placeholderData: keepPreviousData,
    // Queued mails are being sent by a background job: look again until they settle.
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.status === 'queued') ? 5000 : false),
  });

/** The outbox page's mails, fetched while its code downloads. */
export const outboxLoader = ({ request }: LoaderFunctionArgs, client: QueryClient) =>
  client.ensureQueryData(outboxQuery(outboxPageOf(new URL(request.url).searchParams)));
