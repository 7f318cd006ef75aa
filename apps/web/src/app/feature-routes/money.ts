import { defineFeature } from '../manifest';

const invoices = () => import('../routes/money/invoices-page');
const payroll = () => import('../routes/money/payroll-page');

/**
 * Invoices and payroll (issue 30): the admin's Invoices (list, new draft, the editor) and Payroll (runs, a run's
 * table), the client's Invoices. Settings → Invoicing sits on the settings page; the VA's Earnings on their
 * timesheets page.
 */
export const moneyFeature = defineFeature({
  name: 'money',
  ns: 'money',
  pages: {
    admin: [
      {
        path: 'invoices',
        load: invoices,
        component: 'AdminInvoicesPage',
        nav: { labelKey: 'nav.invoices', order: 39, icon: 'invoices' },
      },
      { path: 'invoices/:id', load: invoices, component: 'AdminInvoicePage' },
      {
        path: 'payroll',
        load: payroll,
        component: 'PayrollPage',
        nav: { labelKey: 'nav.payroll', order: 40, icon: 'payroll' },
      },
      { path: 'payroll/:id', load: payroll, component: 'PayrollRunPage' },
    ],
    // A manager's Invoices: the admin's screens under `manager-access`, in the sidebar only where the
    // organization lets managers handle invoices (Settings → Invoicing).
    manager: [
      {
        path: 'invoices',
        load: invoices,
        component: 'ManagerInvoicesPage',
        nav: { labelKey: 'nav.invoices', order: 39, icon: 'invoices', when: 'managerInvoices' },
      },
      { path: 'invoices/:id', load: invoices, component: 'ManagerInvoicePage' },
    ],
    client: [
      {
        path: 'invoices',
        load: invoices,
        component: 'ClientInvoicesPage',
        nav: { labelKey: 'nav.invoices', order: 39, icon: 'invoices' },
      },
    ],
  },
});
