import { ActionIcon, Indicator, Loader, Popover } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { lazy, type ReactElement, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureNamespace } from '../../../lib/i18n';
import { useNotificationHead } from '../api/feed';
import { useNotificationsLive } from '../api/live';

// The feed (its list, texts, mark-read contract, the phone's drawer) loads on the first open: the header
// stays light.
const loadFeed = () =>
  Promise.all([import('./feed-panel'), ensureNamespace('notifications')]).then(([m]) => m);
const FeedPanel = lazy(() => loadFeed().then((m) => ({ default: m.FeedPanel })));
const FeedDrawer = lazy(() => loadFeed().then((m) => ({ default: m.FeedDrawer })));

/** Phones get the feed in a drawer across the screen; wider screens in a popover under the bell. */
const PHONE = '(max-width: 36em)';
const MAX_SHOWN = 99;

/**
 * The bell in every dashboard's header: the unread count on a badge and in its name ("Notifications, 3
 * unread"), the feed on press, kept current over the socket (with a toast for each new one).
 */
export function NotificationBell({ selfId }: { selfId: number }) {
  const { t } = useTranslation();
  const head = useNotificationHead();
  useNotificationsLive(selfId);
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = useMediaQuery(PHONE) ?? false;
  // Once opened, the drawer stays mounted, so that closing it slides it away.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const unread = head.data?.meta.unread ?? 0;
  const label = unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications');

  // The popover's target is the button itself, so it carries `aria-expanded` and the dropdown's id.
  const bell = (wrap: (button: ReactElement) => ReactElement) => (
    <Indicator
      disabled={unread === 0}
      label={<span aria-hidden>{unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}</span>}
      size={16}
      offset={5}
      color="red"
      data-testid="notification-badge"
    >
      {wrap(
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          onClick={() => {
            if (phone) setDrawerUsed(true);
            toggle();
          }}
        >
          <IconBell size={20} stroke={1.6} aria-hidden />
        </ActionIcon>,
      )}
    </Indicator>
  );
  const panel = (
    <Suspense fallback={<Loader size="sm" m="md" aria-label={t('header.notificationsLoading')} />}>
      <FeedPanel selfId={selfId} onNavigate={close} />
    </Suspense>
  );

  if (phone) {
    return (
      <>
        {bell((button) => button)}
        {drawerUsed && (
          <Suspense fallback={null}>
            <FeedDrawer opened={opened} onClose={close} selfId={selfId} />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width={380}
      shadow="md"
      withinPortal
      trapFocus
      returnFocus
    >
      {bell((button) => (
        <Popover.Target>{button}</Popover.Target>
      ))}
      <Popover.Dropdown p={0} aria-label={t('header.notifications')}>
        {opened && panel}
      </Popover.Dropdown>
    </Popover>
  );
}
