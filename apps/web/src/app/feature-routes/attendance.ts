import { defineFeature, lazyLoader, type NavEntry, type PageDef } from '../manifest';

const lists = () => import('../routes/attendance/list-pages');
const online = () => import('../routes/attendance/online-pages');
const loaders = () => import('../routes/attendance/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

const inVaGroup = (labelKey: string, order: number): NavEntry => ({
  labelKey,
  order,
  group: 'virtual-assistants',
});

/** The attendance list of the admin, manager and client dashboards (`attendance`). */
const attendanceList = (order: number): PageDef => ({
  path: 'attendance',
  load: lists,
  component: 'AttendanceListPage',
  loader: loader('attendanceListLoader'),
  nav: { labelKey: 'nav.attendance', order, icon: 'attendance' },
});

const vaSummary = (order: number): PageDef => ({
  path: 'virtual-assistants/attendance',
  load: lists,
  component: 'VaAttendanceSummaryPage',
  loader: loader('vaSummaryLoader'),
  nav: inVaGroup('nav.vaAttendance', order),
});

const onlineList = (nav: NavEntry): PageDef => ({
  path: 'virtual-assistants/online',
  load: online,
  component: 'OnlinePage',
  loader: loader('onlineLoader'),
  nav,
});

/**
 * Attendance and presence: the lists of shifts, who is on shift now (live, with forced logout for admins and
 * managers), an attendance's detail, the VA's own shifts. The dashboards' homes (shell) use the same parts.
 */
export const attendanceFeature = defineFeature({
  name: 'attendance',
  ns: 'attendance',
  pages: {
    admin: [
      attendanceList(12),
      {
        path: 'attendance/:id',
        load: () => import('../routes/attendance/detail-page'),
        component: 'AttendanceDetailPage',
        loader: loader('detailLoader'),
      },
      vaSummary(4),
      onlineList(inVaGroup('nav.online', 5)),
      {
        path: 'virtual-assistants/idle',
        load: online,
        component: 'IdlePage',
        loader: loader('idleLoader'),
        nav: inVaGroup('nav.idle', 6),
      },
    ],
    manager: [attendanceList(12), vaSummary(4), onlineList(inVaGroup('nav.online', 5))],
    client: [attendanceList(12), onlineList({ labelKey: 'nav.vasOnline', order: 11, icon: 'online' })],
    va: [
      {
        path: 'attendance',
        load: () => import('../routes/attendance/va-page'),
        component: 'VaAttendancePage',
        loader: loader('vaShiftsLoader'),
        nav: { labelKey: 'nav.attendance', order: 15, icon: 'attendance' },
      },
    ],
  },
});

/** The admin's `users/:id/attendance` tab (a VA's shifts), lent to the people feature's user layout. */
export const attendanceUserTabs = (): PageDef[] => [
  {
    path: 'attendance',
    load: () => import('../routes/attendance/user-tab'),
    component: 'UserAttendanceTab',
    ns: 'attendance',
    loader: loader('userTabLoader'),
  },
];
