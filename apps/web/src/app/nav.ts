import {
  IconActivity,
  IconAddressBook,
  IconBroadcast,
  IconBuilding,
  IconCalendarStats,
  IconCalendarTime,
  IconCamera,
  IconClipboardList,
  IconClockHour4,
  IconCreditCard,
  IconFileInvoice,
  IconLayoutDashboard,
  IconLayoutKanban,
  IconListDetails,
  IconLock,
  IconMail,
  IconReportAnalytics,
  IconReportMoney,
  IconSettings,
  IconUser,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import type { ComponentType } from 'react';
import { dashboardPath } from '../config/paths';
import { FEATURES } from './features';
import type { NavCondition, NavGroupId, NavIcon, PageDef } from './manifest';

type Icon = ComponentType<{ size?: number | string; stroke?: number }>;

export interface NavItem {
  path: string;
  labelKey: string;
  icon?: Icon;
  children?: NavItem[];
}

const ICONS: Record<NavIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  users: IconUsers,
  clients: IconAddressBook,
  team: IconUsersGroup,
  organizations: IconBuilding,
  settings: IconSettings,
  mail: IconMail,
  profile: IconUser,
  security: IconLock,
  calendar: IconCalendarTime,
  attendance: IconClockHour4,
  online: IconBroadcast,
  activity: IconActivity,
  reports: IconReportAnalytics,
  insights: IconCalendarStats,
  screenshots: IconCamera,
  requests: IconClipboardList,
  projects: IconLayoutKanban,
  billing: IconCreditCard,
  plans: IconListDetails,
  invoices: IconFileInvoice,
  payroll: IconReportMoney,
};

/** Sidebar groups that several features fill; a group shows when it has an entry. */
const GROUPS: Record<NavGroupId, { path: string; labelKey: string; icon: NavIcon; order: number }> = {
  clients: { path: 'clients', labelKey: 'nav.clients', icon: 'clients', order: 20 },
  'virtual-assistants': {
    path: 'virtual-assistants',
    labelKey: 'nav.virtualAssistants',
    icon: 'team',
    order: 30,
  },
  reports: { path: 'reports', labelKey: 'nav.reports', icon: 'reports', order: 60 },
};

type Ordered = NavItem & { order: number };

const byOrder = (a: Ordered, b: Ordered) => a.order - b.order;
const strip = ({ order: _, ...item }: Ordered): NavItem => item;

/**
 * The sidebar of a dashboard, from the features' manifests; super-admin pages only for super admins, an entry
 * with a condition only when it holds (`met`).
 */
export function navFor(
  role: DashboardRole,
  superAdmin: boolean,
  met: ReadonlySet<NavCondition> = new Set(),
): NavItem[] {
  const top: Ordered[] = [];
  const grouped = new Map<NavGroupId, Ordered[]>();
  const pages: PageDef[] = FEATURES.flatMap((f) => f.pages[role] ?? []);
  for (const page of pages) {
    const nav = page.nav;
    if (!nav || (nav.superAdminOnly && !superAdmin) || (nav.when && !met.has(nav.when))) continue;
    const item: Ordered = {
      path: dashboardPath(role, page.path ?? ''),
      labelKey: nav.labelKey,
      icon: nav.icon ? ICONS[nav.icon] : undefined,
      order: nav.order,
    };
    if (nav.group) grouped.set(nav.group, [...(grouped.get(nav.group) ?? []), item]);
    else top.push(item);
  }
  for (const [id, items] of grouped) {
    const group = GROUPS[id];
    top.push({
      path: dashboardPath(role, group.path),
      labelKey: group.labelKey,
      icon: ICONS[group.icon],
      order: group.order,
      children: items.sort(byOrder).map(strip),
    });
  }
  return top.sort(byOrder).map(strip);
}

const ALL_CONDITIONS: ReadonlySet<NavCondition> = new Set(['managerInvoices']);

/** Label of a page for breadcrumbs: its sidebar entry's in any dashboard (a group's label first). */
export function navLabelKey(path: string): string | null {
  const roles: DashboardRole[] = ['admin', 'manager', 'client', 'va'];
  for (const role of roles) {
    const walk = (items: NavItem[]): string | null => {
      for (const i of items) {
        if (i.path === path) return i.labelKey;
        const inner = i.children ? walk(i.children) : null;
        if (inner) return inner;
      }
      return null;
    };
    const found = walk(navFor(role, true, ALL_CONDITIONS));
    if (found) return found;
  }
  return null;
}
