import { Notifications } from '@mantine/notifications';
import { NavigationProgress } from '@mantine/nprogress';
import { lazy, Suspense } from 'react';
import { useModalsWanted } from '../lib/modals-demand';
import { NOTIFY_AUTO_CLOSE } from '../lib/notify';
import { ReloadPrompt } from './reload-prompt';

const ModalsHost = lazy(() => import('./modals-host').then((m) => ({ default: m.ModalsHost })));

/**
 * Everything that floats above the pages. Loaded after the first paint to keep the first page light:
 * the notification and progress stores queue what happens before this mounts.
 */
export function Overlays() {
  const modalsWanted = useModalsWanted();
  return (
    <>
      <NavigationProgress size={3} aria-label="Page loading" />
      <Notifications position="bottom-right" autoClose={NOTIFY_AUTO_CLOSE} />
      {modalsWanted && (
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      )}
      <ReloadPrompt />
    </>
  );
}
