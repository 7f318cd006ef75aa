import {
  IconAddressBook,
  IconBuilding,
  IconCalendarTime,
  IconLayoutDashboard,
  IconLock,
  IconMail,
  IconSettings,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { ComponentType } from 'react';
import { dashboardPath } from '../config/paths';
import { routeExists } from './route-registry';

export interface NavItem {
  path: string;
  labelKey: string;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  superAdminOnly?: boolean;
  children?: NavItem[];
}

const item = (
  role: DashboardRole,
  sub: string,
  labelKey: string,
  icon?: NavItem['icon'],
  extra: Partial<NavItem> = {},
): NavItem => ({
  path: dashboardPath(role, sub),
  labelKey,
  icon,
  ...extra,
});

const clients = (role: DashboardRole): NavItem =>
  item(role, 'clients', 'nav.clients', IconAddressBook, {
    children: [
      item(role, 'clients', 'nav.clientsAll'),
      item(role, 'clients/active', 'nav.clientsActive'),
      item(role, 'clients/inactive', 'nav.clientsInactive'),
      item(role, 'clients/onhold', 'nav.clientsOnhold'),
      item(role, 'clients/add', 'nav.clientsAdd'),
    ],
  });

const account = (role: DashboardRole): NavItem[] => [
  item(role, 'profile', 'nav.profile', IconUser),
  item(role, 'profile/security', 'nav.security', IconLock),
];

/**
 * Every page a dashboard can have, in sidebar order. The sidebar and breadcrumbs show only those whose
 * route exists, so a page appears when its feature lands.
 */
const ALL: Record<DashboardRole, NavItem[]> = {
  admin: [
    item('admin', '', 'nav.dashboard', IconLayoutDashboard),
    item('admin', 'users', 'nav.users', IconUsers),
    clients('admin'),
    item('admin', 'virtual-assistants', 'nav.virtualAssistants', IconUsersGroup, {
      children: [
        item('admin', 'virtual-assistants', 'nav.vaDirectory'),
        item('admin', 'virtual-assistants/schedules', 'nav.schedules'),
        item('admin', 'virtual-assistants/scheduled-va', 'nav.scheduledToday'),
        item('admin', 'virtual-assistants/create-schedules', 'nav.createSchedules'),
      ],
    }),
    item('admin', 'teams', 'nav.teams', IconUsersGroup),
    item('admin', 'organizations', 'nav.organizations', IconBuilding, { superAdminOnly: true }),
    item('admin', 'settings', 'nav.settings', IconSettings),
    item('admin', 'outbox', 'nav.outbox', IconMail, { superAdminOnly: true }),
    ...account('admin'),
  ],
  manager: [
    item('manager', '', 'nav.dashboard', IconLayoutDashboard),
    clients('manager'),
    item('manager', 'virtual-assistants', 'nav.virtualAssistants', IconUsersGroup, {
      children: [
        item('manager', 'virtual-assistants', 'nav.vaDirectory'),
        item('manager', 'virtual-assistants/schedules', 'nav.schedules'),
      ],
    }),
    ...account('manager'),
  ],
  client: [
    item('client', '', 'nav.dashboard', IconLayoutDashboard),
    item('client', 'virtual-assistants', 'nav.virtualAssistants', IconUsersGroup),
    item('client', 'schedules', 'nav.schedules', IconCalendarTime),
    ...account('client'),
  ],
  va: [
    item('va', '', 'nav.dashboard', IconLayoutDashboard),
    item('va', 'schedules', 'nav.schedules', IconCalendarTime),
    ...account('va'),
  ],
};

function present(items: NavItem[]): NavItem[] {
  return items.flatMap((i): NavItem[] => {
    const children = i.children ? present(i.children) : [];
    if (children.length) return [{ ...i, children }];
    return routeExists(i.path) ? [{ ...i, children: undefined }] : [];
  });
}

/** The sidebar of a dashboard: pages that exist, super-admin pages only for super admins. */
export function navFor(role: DashboardRole, superAdmin: boolean): NavItem[] {
  const visible = (items: NavItem[]): NavItem[] =>
    items
      .filter((i) => superAdmin || !i.superAdminOnly)
      .map((i) => (i.children ? { ...i, children: visible(i.children) } : i));
  return present(visible(ALL[role]));
}

/** Label of a page for breadcrumbs, from the sidebar entries (first match, children included). */
export function navLabelKey(path: string): string | null {
  const walk = (items: NavItem[]): string | null => {
    for (const i of items) {
      if (i.path === path) return i.labelKey;
      const inner = i.children ? walk(i.children) : null;
      if (inner) return inner;
    }
    return null;
  };
  for (const items of Object.values(ALL)) {
    const found = walk(items);
    if (found) return found;
  }
  return null;
}
