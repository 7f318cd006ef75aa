import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ownNotifications } from '@vahub/shared/notifications/endpoints';
import { call } from '../../../lib/api-client';
import { invalidate, queryKeyOf } from '../../../lib/query-keys';
import type { NotificationPage } from './feed';

type Paged = NotificationPage | { pages: NotificationPage[]; pageParams: unknown[] };

/** A page with these ids (all when none) read now and the unread count the server answered. */
export function withRead(page: NotificationPage, ids: number[] | undefined, unread: number, at: string) {
  return {
    ...page,
    data: page.data.map((n) =>
      n.read_at === null && (!ids || ids.includes(n.id)) ? { ...n, read_at: at } : n,
    ),
    meta: { ...page.meta, unread },
  };
}

/** Shows the change at once in the bell and the feed (then both refetch to be sure). */
function applyRead(client: QueryClient, ids: number[] | undefined, unread: number) {
  const at = new Date().toISOString();
  const feed = queryKeyOf(ownNotifications.list).slice(0, 2);
  client.setQueriesData<Paged>({ queryKey: feed }, (old) => {
    if (!old) return old;
    if ('pages' in old) return { ...old, pages: old.pages.map((p) => withRead(p, ids, unread, at)) };
    return withRead(old, ids, unread, at);
  });
}

/** `POST /api/v1/notifications/read`: these ids, or every unread one of mine when none are given. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => call(ownNotifications.markRead, { body: ids ? { ids } : {} }),
    // Here rather than per call: a click that navigates away closes the panel, and the badge must still go.
    onSuccess: ({ unread }, ids) => {
      applyRead(client, ids, unread);
      void invalidate(client, 'notifications');
    },
  });
}
