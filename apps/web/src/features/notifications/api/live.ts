import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Resource } from '@vahub/shared/api/endpoint';
import type { ServerMessageData } from '@vahub/shared/realtime/messages';
import { ensureNamespace, i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';
import { headQuery } from './feed';

type Message = ServerMessageData<'notification'>;

/** What else a notification's type changes on screen: the pages listing those rows refetch. */
export function resourcesOf(type: string): Resource[] {
  if (type.startsWith('request.')) return ['requests'];
  if (type === 'timesheet.disputed') return ['timesheets'];
  return [];
}

/**
 * A `notification` arrived: the bell and the feed refetch (and the pages it is about), then a toast says it
 * in the reader's language. The message carries only id, type and English title; the bell's fresh read
 * holds the row with its `data`, so the toast says what the feed will say.
 */
export async function receive(client: QueryClient, message: Message, selfId: number): Promise<void> {
  // The texts (and the code that says them) load with the first notification, not with every page.
  const [, , { notificationText, typeLabel }] = await Promise.all([
    invalidate(client, 'notifications', ...resourcesOf(message.type)),
    ensureNamespace('notifications'),
    import('../components/notification-text'),
  ]);
  const row = client.getQueryData(headQuery().queryKey)?.data.find((n) => n.id === message.id);
  const t = i18n.getFixedT(null, 'notifications');
  const text = row ? notificationText(t, row, { selfId, language: i18n.language }) : message.title;
  notify('blue', text, typeLabel(t, message.type));
}

/**
 * Keeps the bell current over the socket and toasts each new notification (mounted once, with the bell). After
 * the socket comes back, a count older than its freshness is read again: what arrived while it was down
 * never came as a message.
 */
export function useNotificationsLive(selfId: number): void {
  const client = useQueryClient();
  useRealtime('notification', (data) => void receive(client, data, selfId));
  useRealtime('ready', () => {
    void client.refetchQueries({ queryKey: ['notifications'], type: 'active', stale: true });
  });
}
