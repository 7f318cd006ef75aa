import type { DashboardRole } from '@vahub/shared/auth/roles';
import { defineFeature, type PageDef } from '../manifest';

const integrations = () => import('../routes/integrations/integrations-page');
const developers = () => import('../routes/integrations/developers-page');

/** Profile → Integrations (API tokens, calendar feeds) and the Developers page, in every dashboard. */
const pages = (role: DashboardRole): PageDef[] => [
  {
    path: 'profile/integrations',
    load: integrations,
    component: 'IntegrationsPage',
    nav: { labelKey: 'nav.integrations', order: 92, icon: 'calendar' },
  },
  {
    path: 'developers',
    load: developers,
    component: role === 'admin' ? 'AdminDevelopersPage' : 'DevelopersPage',
    nav: { labelKey: 'nav.developers', order: 93, icon: 'settings' },
  },
];

/** API tokens, calendar feeds and the Developers page (issue 31). */
export const integrationsFeature = defineFeature({
  name: 'integrations',
  ns: 'integrations',
  pages: { admin: pages('admin'), manager: pages('manager'), client: pages('client'), va: pages('va') },
});
