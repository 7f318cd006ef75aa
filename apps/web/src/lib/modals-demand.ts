import { useSyncExternalStore } from 'react';

/**
 * The modals provider (and the focus trap and positioning code it drags in) loads the first time a dialog
 * is asked for, not with the first page.
 */
let wanted = false;
const listeners = new Set<() => void>();
let resolveReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

export function wantModals(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

export const markModalsReady = (): void => resolveReady();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useModalsWanted = (): boolean => useSyncExternalStore(subscribe, () => wanted);
