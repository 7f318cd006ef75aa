import { useSyncExternalStore } from 'react';

/**
 * Whether the first page (or its error) is on the screen: the root layout and the error boundary mark it once
 * committed. What floats above pages (notifications, modals, the progress bar, the reload prompt) waits for it, so
 * on a first load its code never competes with the page's own for the network or the main thread.
 */
let shown = false;
const listeners = new Set<() => void>();

export function markFirstPageShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Removes the boot bar (`index.html`: the top bar painted with the HTML while the code downloads). Called in a layout
 * effect of the first page, so the page's first paint no longer shows it.
 */
export function removeBootBar(): void {
  document.getElementById('boot')?.remove();
}

export const useFirstPageShown = (): boolean => useSyncExternalStore(subscribe, () => shown);

/**
 * Runs `callback` once the main thread is idle (or after `timeout` ms); returns the cancel. For work no one waits
 * for, like registering the service worker, whose first install downloads every file of the app.
 */
export function whenIdle(callback: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, 1000);
  return () => window.clearTimeout(timer);
}
