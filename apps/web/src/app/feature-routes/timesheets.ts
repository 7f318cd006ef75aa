import { defineFeature, lazyLoader, type PageDef } from '../manifest';

const lists = () => import('../routes/timesheets/list-pages');
const loaders = () => import('../routes/timesheets/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

/**
 * `reports/timesheets` (the list with totals, export, quick decisions and the clients' sign-off tab),
 * `reports/timesheets/timesheet/:id` (adjust, approve, reject, reopen, history) and
 * `reports/timesheets/user/:id` (one VA's, with the PDF), in the "Reports" group of the admin and a manager.
 */
const supervisorPages = (order: number): PageDef[] => [
  {
    path: 'reports/timesheets',
    load: lists,
    component: 'TimesheetsPage',
    loader: loader('listLoader'),
    nav: { labelKey: 'nav.timesheets', order, group: 'reports' },
  },
  {
    path: 'reports/timesheets/timesheet/:id',
    load: () => import('../routes/timesheets/detail-page'),
    component: 'TimesheetDetailPage',
    loader: loader('detailLoader'),
  },
  {
    path: 'reports/timesheets/user/:id',
    load: lists,
    component: 'UserTimesheetsPage',
    loader: loader('userLoader'),
  },
];

/**
 * Timesheets: what the agency bills and pays from. Supervisors list, adjust, decide and export; the client
 * signs off their VAs' weeks (and exports them); the VA follows their weeks and answers disputes.
 */
export const timesheetsFeature = defineFeature({
  name: 'timesheets',
  ns: 'timesheets',
  pages: {
    admin: supervisorPages(20),
    manager: supervisorPages(20),
    client: [
      {
        path: 'timesheets',
        load: () => import('../routes/timesheets/client-page'),
        component: 'ClientTimesheetsPage',
        loader: loader('clientLoader'),
        nav: { labelKey: 'nav.timesheets', order: 15, icon: 'calendar' },
      },
    ],
    va: [
      {
        path: 'timesheets',
        load: () => import('../routes/timesheets/va-page'),
        component: 'VaTimesheetsPage',
        loader: loader('vaLoader'),
        nav: { labelKey: 'nav.timesheets', order: 17, icon: 'calendar' },
      },
    ],
  },
});
