// The progress bar's styles (core's Progress, then the bar's own), as in Mantine's whole set (`styles/mantine.ts`).
import '@mantine/core/styles/Progress.css';
import '@mantine/nprogress/styles.css';
import { useNotifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/first-page';
import { useModalsWanted } from '../lib/modals-demand';
import { ReloadPrompt } from './reload-prompt';
import { loadMantineStyles } from './styles/load-mantine';

// Notifications and modals may open on the first page: they bring all of Mantine's styles with them.
const ModalsHost = lazy(async () => {
  const [, m] = await Promise.all([loadMantineStyles(), import('./modals-host')]);
  return { default: m.ModalsHost };
});
const NotificationsHost = lazy(async () => {
  const [, m] = await Promise.all([loadMantineStyles(), import('./notifications-host')]);
  return { default: m.NotificationsHost };
});

/** True from the first notification on: the notifications' frame (portals, transitions) waits for it. */
function useNotificationsWanted(): boolean {
  const { notifications, queue } = useNotifications();
  const wanted = useRef(false);
  if (notifications.length > 0 || queue.length > 0) wanted.current = true;
  return wanted.current;
}

/** True once the main thread has been idle after this mounted. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * Everything that floats above the pages. Loaded once the first page is shown, to keep the first load light:
 * the notification and progress stores queue what happens before this mounts, and the notifications' frame
 * loads with the first notification.
 */
export function Overlays() {
  const modalsWanted = useModalsWanted();
  const notificationsWanted = useNotificationsWanted();
  // The reload prompt registers the service worker, whose first install downloads every file of the app: not while
  // the first page is still settling.
  const idle = useIdle();
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
      {idle && <ReloadPrompt />}
    </>
  );
}
