import { IconLayoutDashboard, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { ComponentType } from 'react';
import { dashboardPath } from '../config/paths';

export interface NavItem {
  path: string;
  labelKey: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  superAdminOnly?: boolean;
}

/** Pages that exist in each dashboard; the sidebar and breadcrumbs are built from this list. */
const common = (role: DashboardRole): NavItem[] => [
  { path: dashboardPath(role), labelKey: 'nav.dashboard', icon: IconLayoutDashboard },
  { path: dashboardPath(role, 'profile'), labelKey: 'nav.profile', icon: IconUser },
  { path: dashboardPath(role, 'profile/security'), labelKey: 'nav.security', icon: IconLock },
];

export const NAV: Record<DashboardRole, NavItem[]> = {
  admin: [
    ...common('admin'),
    { path: dashboardPath('admin', 'outbox'), labelKey: 'nav.outbox', icon: IconMail, superAdminOnly: true },
  ],
  manager: common('manager'),
  client: common('client'),
  va: common('va'),
};

export function navLabelKey(path: string): string | null {
  for (const items of Object.values(NAV)) {
    const found = items.find((item) => item.path === path);
    if (found) return found.labelKey;
  }
  return null;
}
