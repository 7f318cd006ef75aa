import type { DirectorySync } from '@vahub/shared/directory/schemas';

/** A stamp in the reader's language and zone (the sync's finish time). */
export const stamp = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

export const syncCounts = (s: DirectorySync) => ({
  checked: s.checked,
  deactivated: s.deactivated.length,
  updated: s.updated.length,
  roles: s.roles_changed.length,
});
