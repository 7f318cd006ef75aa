import { AppShell, Burger, Group, Image, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { can } from '@vahub/shared/auth/permissions';
import type { DashboardRole } from '@vahub/shared/auth/roles';
import { isSuperAdmin } from '@vahub/shared/auth/roles';
import type { managerInvoices } from '@vahub/shared/money/endpoints';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand, SkipLink } from '../../components/layouts/top-bar';
import { ColorSchemeToggle } from '../../components/ui/color-scheme-toggle';
import { DelayedLoader } from '../../components/ui/delayed-loader';
import { LanguageSelect } from '../../components/ui/language-select';
import { RealtimeStatus } from '../../components/ui/realtime-status';
import { paths } from '../../config/paths';
import { BillingBanners } from '../../features/billing/components/billing-banners';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useOrganization } from '../../features/organization/api/organization';
import { contractOf } from '../../lib/api-client';
import { useMe } from '../../lib/me';
import { prefetchOnce } from '../../lib/prefetch';
import { endpointQuery } from '../../lib/query-keys';
import { useRealtimeConnection } from '../../lib/use-realtime';
import { dashboardRoleOfPath } from '../gate';
import type { NavCondition } from '../manifest';
import { type NavItem, navFor } from '../nav';
import { PageBreadcrumbs } from './breadcrumbs';
import { UserMenu } from './user-menu';

/**
 * Which conditional sidebar entries hold: a manager's Invoices when the organization lets managers handle them
 * (their list answers; 403 otherwise). Asked once a minute at most, only in the manager's dashboard.
 */
// Call data, not the contract (its schemas stay out of the frame's code).
const managerInvoiceList = contractOf<typeof managerInvoices.list>({
  method: 'GET',
  path: '/api/v1/manager-access/invoices',
  access: 'invoices.scoped',
  resource: 'invoices',
});

function useNavConditions(role: DashboardRole): ReadonlySet<NavCondition> {
  const invoices = useQuery({
    ...endpointQuery(managerInvoiceList, { query: { per_page: 1 } }),
    enabled: role === 'manager',
    retry: false,
    staleTime: 60_000,
  });
  return new Set<NavCondition>(role === 'manager' && invoices.isSuccess ? ['managerInvoices'] : []);
}

/** One frame per role (admin, manager, client, VA); the role comes from the path. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useMe();
  const organization = useOrganization();
  useRealtimeConnection();
  const role = dashboardRoleOfPath(pathname) ?? 'va';
  const met = useNavConditions(role);
  if (!me.data) return <DelayedLoader />;
  const items = navFor(role, isSuperAdmin(me.data), met);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      data-role={role}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('header.toggleNavigation')}
            />
            <Brand />
            {organization.data?.logo_url && (
              <Image
                src={organization.data.logo_url}
                alt={organization.data.name}
                h={28}
                w="auto"
                fit="contain"
                visibleFrom="xs"
                data-testid="organization-logo-header"
              />
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <RealtimeStatus />
            <Group gap="sm" visibleFrom="xs" wrap="nowrap">
              <LanguageSelect />
              <ColorSchemeToggle />
            </Group>
            <NotificationBell selfId={me.data.id} />
            <UserMenu me={me.data} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        <ScrollArea>
          {items.map((item) => (
            <SideLink key={item.path} item={item} pathname={pathname} onNavigate={close} />
          ))}
          <Group gap="sm" mt="md" hiddenFrom="xs">
            <LanguageSelect />
            <ColorSchemeToggle />
          </Group>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <PageBreadcrumbs />
        {role === 'admin' && can(me.data, 'subscription.choose') && organization.data && (
          <BillingBanners organization={organization.data} plansPath={paths.selectSubscription} />
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** A sidebar entry; a group opens when the current page is inside it. */
function SideLink({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const icon = item.icon ? <item.icon size={18} stroke={1.6} /> : undefined;
  if (item.children?.length) {
    const inside = pathname === item.path || pathname.startsWith(`${item.path}/`);
    return (
      <NavLink label={t(item.labelKey)} leftSection={icon} defaultOpened={inside} childrenOffset="md">
        {item.children.map((child) => (
          <SideLink
            key={`${child.path}-${child.labelKey}`}
            item={child}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(item.labelKey)}
      leftSection={icon}
      active={pathname === item.path}
      aria-current={pathname === item.path ? 'page' : undefined}
      onMouseEnter={() => prefetchOnce(item.path)}
      onClick={onNavigate}
    />
  );
}
