import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormatter } from '../../../lib/format/use-time-format';
import type { NotificationItem } from '../api/feed';
import classes from './feed.module.css';
import { notificationText, typeLabel } from './notification-text';
import { timeAgo } from './time-ago';

/** A path inside this app (`/va-dashboard/requests/status/3`): never another site, never `//host`. */
export const appPath = (link: unknown): string | null =>
  typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : null;

/**
 * One notification of the feed: its type, what it says and how long ago; an unread one is bold with a dot
 * (and says "Unread" to a screen reader). Pressing it marks it read and opens its page, if it has one.
 */
export function FeedItem({
  item,
  selfId,
  now,
  onOpen,
}: {
  item: NotificationItem;
  selfId: number;
  now: number;
  onOpen: (item: NotificationItem) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const fmt = useTimeFormatter();
  const unread = item.read_at === null;
  const text = notificationText(t, item, { selfId, language: i18n.language });
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(item)}
      data-testid="notification-item"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {typeLabel(t, item.type)}
            {unread && <span className="visually-hidden">, {t('feed.unread')}</span>}
          </Text>
          <Text size="sm" fw={unread ? 600 : 400} className={classes.text}>
            {text}
          </Text>
          <Text size="xs" c="dimmed" title={fmt.dateTime(item.created_at)}>
            {timeAgo(item.created_at, now, i18n.language)}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
