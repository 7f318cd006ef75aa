import type { DashboardRole } from '@vahub/shared/auth/roles';
import { organizationQueryOptions } from '../../features/organization/api/organization';
import { meQueryOptions } from '../../lib/me';
import { defineFeature, lazyLoader, type PageDef, type PageLoader, routeLoader } from '../manifest';

// The outbox's and the plans' queries come with their contracts (and zod): their loaders load with them,
// beside the page's code. The VA's home reads what the gate has already loaded, so its loader costs nothing; the
// other homes' loaders fetch their attendance figures (`homes/home-loaders.ts`).
const outboxLoader = lazyLoader(() => import('../../features/outbox/api/outbox'), 'outboxLoader');
const plansLoader = lazyLoader(() => import('../../features/organization/api/plans'), 'plansLoader');
const homeLoader: PageLoader = (_, client) =>
  Promise.all([client.ensureQueryData(meQueryOptions()), client.ensureQueryData(organizationQueryOptions())]);
const homeLoaders = () => import('../routes/homes/home-loaders');

/** Each role's home is its own module (`routes/homes/<role>-home.tsx`, component `<Role>Home`). */
const homes: Record<DashboardRole, Pick<PageDef, 'load' | 'component' | 'ns' | 'loader'>> = {
  admin: {
    load: () => import('../routes/homes/admin-home'),
    component: 'AdminHome',
    loader: lazyLoader(homeLoaders, 'adminHomeLoader'),
  },
  manager: {
    load: () => import('../routes/homes/manager-home'),
    component: 'ManagerHome',
    loader: lazyLoader(homeLoaders, 'managerHomeLoader'),
  },
  client: {
    load: () => import('../routes/homes/client-home'),
    component: 'ClientHome',
    loader: lazyLoader(homeLoaders, 'clientHomeLoader'),
  },
  va: {
    load: () => import('../routes/homes/va-home'),
    component: 'VaHome',
    ns: 'tracker',
    loader: async () => homeLoader,
  },
};
const profile = () => import('../routes/profile-page');
const security = () => import('../routes/security-page');

/** Every dashboard's home and the signed-in user's own pages. */
const own = (role: DashboardRole): PageDef[] => [
  {
    index: true,
    ...homes[role],
    nav: { labelKey: 'nav.dashboard', order: 0, icon: 'dashboard' },
  },
  {
    path: 'profile',
    load: profile,
    component: 'ProfilePage',
    nav: { labelKey: 'nav.profile', order: 90, icon: 'profile' },
  },
  {
    path: 'profile/security',
    load: security,
    component: 'SecurityPage',
    nav: { labelKey: 'nav.security', order: 91, icon: 'security' },
  },
];

/** The dashboards' own pages: home, profile, security, and the super admin's mail outbox. */
export const shellFeature = defineFeature({
  name: 'shell',
  pages: {
    admin: [
      ...own('admin'),
      {
        path: 'outbox',
        load: () => import('../routes/outbox-page'),
        component: 'OutboxPage',
        loader: outboxLoader,
        nav: { labelKey: 'nav.outbox', order: 70, icon: 'mail', superAdminOnly: true },
      },
      {
        path: 'backups',
        load: () => import('../routes/backups-page'),
        component: 'BackupsPage',
        nav: { labelKey: 'nav.backups', order: 71, icon: 'settings', superAdminOnly: true },
      },
    ],
    manager: own('manager'),
    client: own('client'),
    va: own('va'),
  },
});

/** The plan chooser sits outside the dashboards (in `router.tsx`); its loader is the shell's like the others. */
export const selectSubscriptionLoader = routeLoader(plansLoader);
