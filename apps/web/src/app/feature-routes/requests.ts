import { defineFeature, lazyLoader, type PageDef } from '../manifest';

const forms = () => import('../routes/requests/form-pages');
const status = () => import('../routes/requests/status-pages');
const queue = () => import('../routes/requests/queue-page');
const loaders = () => import('../routes/requests/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

/** The deciders' queue, in the admin's and a manager's sidebar. */
const queuePage = (order: number): PageDef => ({
  path: 'requests',
  load: queue,
  component: 'RequestsQueuePage',
  loader: loader('queueLoader'),
  nav: { labelKey: 'nav.requests', order, icon: 'requests' },
});

/**
 * Requests: a VA asks for leave, reports an absence or sickness, asks for overtime or a make-up shift (the
 * spec's five routes) and follows them under `requests/status` (the one sidebar entry; the forms are reached
 * from there); the admin and a manager decide them in their queue.
 */
export const requestsFeature = defineFeature({
  name: 'requests',
  ns: 'requests',
  pages: {
    admin: [queuePage(45)],
    manager: [queuePage(45)],
    va: [
      {
        path: 'requests/status',
        load: status,
        component: 'MyRequestsPage',
        loader: loader('myListLoader'),
        nav: { labelKey: 'nav.requests', order: 18, icon: 'requests' },
      },
      {
        path: 'requests/status/:id',
        load: status,
        component: 'MyRequestPage',
        loader: loader('myDetailLoader'),
      },
      {
        path: 'requests/vacation-leaves',
        load: forms,
        component: 'VacationLeavePage',
        loader: loader('leaveFormLoader'),
      },
      { path: 'requests/absent', load: forms, component: 'AbsentPage', loader: loader('leaveFormLoader') },
      {
        path: 'requests/sick-leave-approval',
        load: forms,
        component: 'SickLeavePage',
        loader: loader('leaveFormLoader'),
      },
      {
        path: 'requests/overtime-request',
        load: forms,
        component: 'OvertimePage',
        loader: loader('shiftFormLoader'),
      },
      {
        path: 'requests/mus-approval',
        load: forms,
        component: 'MakeUpShiftPage',
        loader: loader('shiftFormLoader'),
      },
    ],
  },
});
