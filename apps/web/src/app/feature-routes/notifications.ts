import { defineFeature, lazyLoader } from '../manifest';

const loaders = () => import('../routes/notifications/loaders');

/**
 * Notifications: every dashboard's bell and feed live in the header (`layouts/dashboard-layout.tsx`) and the
 * mail switches in the profile; the admin reads the organization's log about VAs in "Virtual assistants".
 */
export const notificationsFeature = defineFeature({
  name: 'notifications',
  ns: 'notifications',
  pages: {
    admin: [
      {
        path: 'virtual-assistants/notifications',
        load: () => import('../routes/notifications/va-log-page'),
        component: 'VaNotificationsPage',
        loader: lazyLoader(loaders, 'vaLogLoader'),
        nav: { labelKey: 'nav.vaNotifications', order: 30, group: 'virtual-assistants' },
      },
    ],
  },
});
