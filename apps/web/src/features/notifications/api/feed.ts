import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import { NOTIFICATION_CALLS } from '@vahub/shared/notifications/calls';
import type { ownNotifications } from '@vahub/shared/notifications/endpoints';
import { call, contractOf } from '../../../lib/api-client';
import { queryKeyOf } from '../../../lib/query-keys';

// The bell in every dashboard's header reads this: call data, not the contract (its schemas stay out).
const list = contractOf<typeof ownNotifications.list>(NOTIFICATION_CALLS.list);

export type NotificationPage = EndpointOutput<typeof ownNotifications.list>;
export type NotificationItem = NotificationPage['data'][number];

/** The bell's read: the newest few (the live toast finds a new one's texts there) and `meta.unread`. */
export const HEAD_SIZE = 5;
/** The feed panel reads this many at a time; "Load more" appends the next, older page. */
export const FEED_PAGE_SIZE = 20;

/** `GET /api/v1/notifications?per_page=5`: the unread count for the bell's badge. */
export const headQuery = () => {
  const input = { query: { per_page: HEAD_SIZE } };
  return queryOptions({
    queryKey: queryKeyOf(list, input),
    queryFn: ({ signal }) => call(list, input, signal),
    // The socket says when something new arrives; a focus refetch catches what a dropped link missed.
    staleTime: 60_000,
  });
};
export const useNotificationHead = () => useQuery(headQuery());

const nextPage = (last: NotificationPage) =>
  last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined;

/** `GET /api/v1/notifications`: the feed, newest first, a page at a time. */
export const feedQuery = () => {
  const query = { per_page: FEED_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: [...queryKeyOf(list, { query }), 'pages'] as const,
    queryFn: ({ pageParam, signal }) => call(list, { query: { ...query, page: pageParam } }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
};
export const useFeed = () => useInfiniteQuery(feedQuery());

/** Every loaded item of the feed, in order (pages may overlap once newer items pushed older ones down). */
export function feedItems(data: { pages: NotificationPage[] } | undefined): NotificationItem[] {
  const seen = new Set<number>();
  const items: NotificationItem[] = [];
  for (const item of data?.pages.flatMap((p) => p.data) ?? []) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  return items;
}
