import { useNotifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { lazy, Suspense, useRef } from 'react';
import { useModalsWanted } from '../lib/modals-demand';
import { ReloadPrompt } from './reload-prompt';

const ModalsHost = lazy(() => import('./modals-host').then((m) => ({ default: m.ModalsHost })));
const NotificationsHost = lazy(() =>
  import('./notifications-host').then((m) => ({ default: m.NotificationsHost })),
);

/** True from the first notification on: the notifications' frame (portals, transitions) waits for it. */
function useNotificationsWanted(): boolean {
  const { notifications, queue } = useNotifications();
  const wanted = useRef(false);
  if (notifications.length > 0 || queue.length > 0) wanted.current = true;
  return wanted.current;
}

/**
 * Everything that floats above the pages. Loaded after the first paint to keep the first page light:
 * the notification and progress stores queue what happens before this mounts, and the notifications' frame
 * loads with the first notification.
 */
export function Overlays() {
  const modalsWanted = useModalsWanted();
  const notificationsWanted = useNotificationsWanted();
  return (
    <>
      <NavigationProgress size={3} aria-label="Page loading" />
      {notificationsWanted && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
      {modalsWanted && (
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      )}
      <ReloadPrompt />
    </>
  );
}
