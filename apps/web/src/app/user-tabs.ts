/**
 * Tabs of the admin's `users/:id` layout, in order. `path` is relative to `users/:id` ('' = the general
 * index). A tab shows only when its route exists, and `clientOnly` tabs only for clients.
 */
export type UserTab = { path: string; labelKey: string; clientOnly?: boolean; vaOnly?: boolean };

export const USER_TABS: UserTab[] = [
  { path: '', labelKey: 'userTabs.general' },
  { path: 'contracts', labelKey: 'userTabs.contracts' },
  { path: 'schedules', labelKey: 'userTabs.schedules' },
  { path: 'va-list', labelKey: 'userTabs.vaList', clientOnly: true },
  { path: 'attendance', labelKey: 'userTabs.attendance', vaOnly: true },
  { path: 'ldap', labelKey: 'userTabs.ldap' },
  { path: 'security', labelKey: 'userTabs.security' },
];
