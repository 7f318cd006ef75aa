import { Button, Divider, Drawer, Group, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { problemMessage } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { feedItems, type NotificationItem, useFeed, useNotificationHead } from '../api/feed';
import { useMarkRead } from '../api/mark-read';
import classes from './feed.module.css';
import { appPath, FeedItem } from './feed-item';

/**
 * The feed under the bell: newest first, a page at a time, "Mark all as read" while any is unread. Pressing
 * an item marks it read and opens the page it links to (then the panel closes).
 */
export function FeedPanel({
  selfId,
  onNavigate,
  heading = true,
}: {
  selfId: number;
  onNavigate: () => void;
  /** Off where the frame already names the feed (the phone's drawer). */
  heading?: boolean;
}) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const feed = useFeed();
  const head = useNotificationHead();
  const markRead = useMarkRead();
  // "5 minutes ago" is read against the moment the panel opened: it stays put while one reads it.
  const [now] = useState(() => Date.now());
  const items = feedItems(feed.data);
  const unread = head.data?.meta.unread ?? feed.data?.pages[0]?.meta.unread ?? 0;

  const failed = (error: unknown) => notify('warning', problemMessage(t, error));
  const open = (item: NotificationItem) => {
    if (item.read_at === null) markRead.mutate([item.id], { onError: failed });
    const to = appPath(item.data.link);
    if (!to) return;
    onNavigate();
    void navigate(to);
  };

  return (
    <Stack gap={0}>
      <Group justify={heading ? 'space-between' : 'flex-end'} px="md" py="sm" wrap="nowrap">
        {heading && (
          <Title order={2} size="h5">
            {t('feed.title')}
          </Title>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unread === 0}
          loading={markRead.isPending && markRead.variables === undefined}
          onClick={() => markRead.mutate(undefined, { onError: failed })}
        >
          {t('feed.markAll')}
        </Button>
      </Group>
      <Divider />
      {feed.isError && (
        <LoadError
          ns="notifications"
          icon={<IconAlertTriangle aria-hidden />}
          error={feed.error}
          onRetry={() => void feed.refetch()}
          mb={0}
        />
      )}
      <ScrollArea.Autosize mah="min(70vh, 480px)" type="auto">
        {feed.isPending ? (
          <Stack gap="xs" p="md" data-testid="feed-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        ) : items.length === 0 && !feed.isError ? (
          <Stack align="center" gap={4} py="xl" px="md" data-testid="feed-empty">
            <IconBellOff size={32} stroke={1.4} aria-hidden />
            <Text c="dimmed" ta="center">
              {t('feed.empty')}
            </Text>
          </Stack>
        ) : (
          <ul className={classes.list} aria-label={t('feed.title')} aria-busy={feed.isFetching}>
            {items.map((item) => (
              <li key={item.id}>
                <FeedItem item={item} selfId={selfId} now={now} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
        {feed.hasNextPage && (
          <Group justify="center" p="sm">
            <Button
              variant="default"
              size="xs"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {t('feed.loadMore')}
            </Button>
          </Group>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The feed on a phone: a drawer across the screen. */
export function FeedDrawer({
  opened,
  onClose,
  selfId,
}: {
  opened: boolean;
  onClose: () => void;
  selfId: number;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="100%"
      padding={0}
      title={t('header.notifications')}
      closeButtonProps={{ 'aria-label': t('header.notificationsClose') }}
      styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' } }}
    >
      {opened && <FeedPanel selfId={selfId} onNavigate={onClose} heading={false} />}
    </Drawer>
  );
}
