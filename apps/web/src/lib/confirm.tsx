import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from './i18n';
import { wantModals } from './modals-demand';

export interface ConfirmOptions {
  message: ReactNode;
  action: () => unknown | Promise<unknown>;
  title?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  color?: string;
}

/** Translated text, or the spec's English default before translations are loaded. */
const tr = (key: string, fallback: string): string =>
  i18n.isInitialized ? i18n.t(key, { defaultValue: fallback }) : fallback;

export const CONFIRM_DEFAULTS = {
  title: 'Confirm dialog',
  confirmLabel: 'Confirm',
  color: 'success',
} as const;

/** Spec: runs the action; when it fails the dialog closes without a message. Resolves with the dialog id. */
export async function confirmDialog(options: ConfirmOptions): Promise<string> {
  await wantModals();
  const id = `confirm-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  modals.openConfirmModal({
    modalId: id,
    title: options.title ?? tr('common:confirmTitle', CONFIRM_DEFAULTS.title),
    children:
      typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
    labels: {
      confirm: options.confirmLabel ?? CONFIRM_DEFAULTS.confirmLabel,
      cancel: options.cancelLabel ?? 'Cancel',
    },
    confirmProps: { color: options.color ?? CONFIRM_DEFAULTS.color },
    closeOnConfirm: false,
    onConfirm: async () => {
      try {
        await options.action();
      } catch {
        // Silent by design: the caller's own error handling (if any) already ran.
      } finally {
        modals.close(id);
      }
    },
  });
  return id;
}
