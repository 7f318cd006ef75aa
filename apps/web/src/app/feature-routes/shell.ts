import { meQueryOptions } from '../../features/auth/api/me';
import { organizationQueryOptions } from '../../features/organization/api/organization';
import { defineFeature, lazyLoader, type PageDef, type PageLoader, routeLoader } from '../manifest';

const home = () => import('../routes/dashboard-home');
const profile = () => import('../routes/profile-page');
const security = () => import('../routes/security-page');

// The outbox's and the plans' queries come with their contracts (and zod): their loaders load with them,
// beside the page's code. The home reads what the gate has already loaded, so its loader costs nothing.
const outboxLoader = lazyLoader(() => import('../../features/outbox/api/outbox'), 'outboxLoader');
const plansLoader = lazyLoader(() => import('../../features/organization/api/plans'), 'plansLoader');
const homeLoader: PageLoader = (_, client) =>
  Promise.all([client.ensureQueryData(meQueryOptions()), client.ensureQueryData(organizationQueryOptions())]);

/** Every dashboard's home and the signed-in user's own pages. */
const own = (): PageDef[] => [
  {
    index: true,
    load: home,
    component: 'DashboardHome',
    loader: async () => homeLoader,
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
      ...own(),
      {
        path: 'outbox',
        load: () => import('../routes/outbox-page'),
        component: 'OutboxPage',
        loader: outboxLoader,
        nav: { labelKey: 'nav.outbox', order: 70, icon: 'mail', superAdminOnly: true },
      },
    ],
    manager: own(),
    client: own(),
    va: own(),
  },
});

/** The plan chooser sits outside the dashboards (in `router.tsx`); its loader is the shell's like the others. */
export const selectSubscriptionLoader = routeLoader(plansLoader);
