import { defineFeature, lazyLoader } from '../manifest';

const loaders = () => import('../routes/insights/loaders');
const loader = (name: keyof Awaited<ReturnType<typeof loaders>>) => lazyLoader(loaders, name);

/**
 * The admin's attendance insights: duration and timeblocks in the "Virtual assistants" group, the attendance
 * calendar at the top level, the activity logs in "Reports". In `reports/activity-logs/:id`, `:id` is an
 * attendance's id (that shift's timeline of logs, activity and pings).
 */
export const attendanceInsightsFeature = defineFeature({
  name: 'attendance-insights',
  ns: 'attendance-insights',
  pages: {
    admin: [
      {
        path: 'virtual-assistants/duration',
        load: () => import('../routes/insights/duration-page'),
        component: 'DurationPage',
        loader: loader('durationLoader'),
        nav: { labelKey: 'nav.duration', order: 20, group: 'virtual-assistants' },
      },
      {
        path: 'virtual-assistants/timeblocks',
        load: () => import('../routes/insights/timeblocks-page'),
        component: 'TimeblocksPage',
        loader: loader('timeblocksLoader'),
        nav: { labelKey: 'nav.timeblocks', order: 21, group: 'virtual-assistants' },
      },
      {
        path: 'attendance-calendar',
        load: () => import('../routes/insights/calendar-page'),
        component: 'CalendarPage',
        loader: loader('calendarLoader'),
        nav: { labelKey: 'nav.attendanceCalendar', order: 35, icon: 'insights' },
      },
      {
        path: 'reports/activity-logs',
        load: () => import('../routes/insights/activity-logs-page'),
        component: 'ActivityLogsPage',
        loader: loader('logsLoader'),
        nav: { labelKey: 'nav.activityLogs', order: 10, group: 'reports' },
      },
      {
        path: 'reports/activity-logs/:id',
        load: () => import('../routes/insights/activity-log-page'),
        component: 'ActivityLogPage',
        loader: loader('logLoader'),
      },
    ],
  },
});
