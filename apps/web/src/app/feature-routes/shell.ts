import { defineFeature, type PageDef } from '../manifest';

const home = () => import('../routes/dashboard-home');
const profile = () => import('../routes/profile-page');
const security = () => import('../routes/security-page');

/** Every dashboard's home and the signed-in user's own pages. */
const own = (): PageDef[] => [
  {
    index: true,
    load: home,
    component: 'DashboardHome',
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
        nav: { labelKey: 'nav.outbox', order: 70, icon: 'mail', superAdminOnly: true },
      },
    ],
    manager: own(),
    client: own(),
    va: own(),
  },
});
