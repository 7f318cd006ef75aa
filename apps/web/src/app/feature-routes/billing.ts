import { defineFeature, lazyLoader } from '../manifest';

const pages = () => import('../routes/billing/billing-page');
const api = () => import('../../features/billing/api/billing');

/** Billing (issue 27): Settings → Billing for admins, the plans for the super admin. */
export const billingFeature = defineFeature({
  name: 'billing',
  ns: 'billing',
  pages: {
    admin: [
      {
        path: 'billing',
        load: pages,
        component: 'BillingPage',
        loader: lazyLoader(api, 'billingLoader'),
        nav: { labelKey: 'nav.billing', order: 61, icon: 'billing' },
      },
      {
        path: 'plans',
        load: pages,
        component: 'PlansAdminPage',
        loader: lazyLoader(api, 'plansAdminLoader'),
        nav: { labelKey: 'nav.plans', order: 51, icon: 'plans', superAdminOnly: true },
      },
    ],
  },
});
