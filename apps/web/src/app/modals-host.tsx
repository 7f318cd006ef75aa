import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { markModalsReady } from '../lib/modals-demand';

function Ready() {
  // Runs after the provider's own effects (earlier sibling), so its event listeners are in place.
  useEffect(() => markModalsReady(), []);
  return null;
}

export function ModalsHost() {
  return (
    <>
      <ModalsProvider />
      <Ready />
    </>
  );
}
