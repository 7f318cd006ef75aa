import { type Call, person } from '../../../test/mock-api';

export { type Call, mockApi, person, type Reply } from '../../../test/mock-api';

import type {
  AttendanceReport,
  DailyReport,
  SummaryReport,
  TeamSummaryReport,
} from '@vahub/shared/timesheets/reports';
import { ensureNamespace, initI18n } from '../../../lib/i18n';

/** The GET requests to a path, as their query objects. */
export const queriesTo = (calls: Call[], path: string) =>
  calls.filter((c) => c.url.pathname === path).map((c) => Object.fromEntries(c.url.searchParams));

export async function loadTexts() {
  await initI18n();
  await ensureNamespace('reports');
  await ensureNamespace('errors');
}

export const ME = { id: 1, timezone: 'UTC', time_format: '12h', roles: [{ name: 'admin' }] };

export const VINCE = person(4, 'Vince Cruz');
export const ANA = person(5, 'Ana Reyes');

const meta = (total: number, perPage: number, lastPage = 1) => ({
  current_page: 1,
  per_page: perPage,
  total,
  last_page: lastPage,
  period: { start_date: '2026-11-16', end_date: '2026-11-22' },
});

const day = (date: string, scheduled: number, worked: number, activity: number | null) => ({
  date,
  scheduled_minutes: scheduled,
  worked_minutes: worked,
  active_minutes: Math.round((worked * (activity ?? 0)) / 100),
  activity_percent: activity,
  late_minutes: 0,
  shifts: scheduled > 0 ? 1 : 0,
  late: 0,
  absent: 0,
});

/** Two rows of a week whose totals span more rows than the page shows (the totals are the server's). */
export const DAILY: DailyReport = {
  data: [
    {
      ...day('2026-11-16', 480, 450, 80),
      late_minutes: 12,
      late: 1,
      va: VINCE,
      statuses: ['completed'],
      first_start_at: '2026-11-16T01:12:00Z',
      last_end_at: '2026-11-16T08:42:00Z',
    },
    {
      ...day('2026-11-16', 480, 0, null),
      absent: 1,
      va: ANA,
      statuses: ['absent'],
      first_start_at: null,
      last_end_at: null,
    },
  ],
  meta: {
    ...meta(9, 25, 1),
    days: [day('2026-11-16', 960, 450, 80), day('2026-11-17', 960, 930, 75), day('2026-11-18', 0, 0, null)],
    totals: {
      scheduled_minutes: 4320,
      worked_minutes: 3870,
      active_minutes: 2990,
      activity_percent: 77,
      late_minutes: 57,
      shifts: 9,
      late: 3,
      absent: 1,
    },
  },
};

export const ATTENDANCE: AttendanceReport = {
  data: [
    {
      va: VINCE,
      shifts: 5,
      on_time: 3,
      late: 1,
      absent: 0,
      on_leave: 1,
      open: 0,
      late_minutes: 12,
      punctuality_percent: 75,
    },
    {
      va: ANA,
      shifts: 5,
      on_time: 2,
      late: 0,
      absent: 1,
      on_leave: 0,
      open: 2,
      late_minutes: 0,
      punctuality_percent: 67,
    },
  ],
  meta: {
    ...meta(2, 50),
    totals: {
      shifts: 10,
      on_time: 5,
      late: 1,
      absent: 1,
      on_leave: 1,
      open: 2,
      late_minutes: 12,
      punctuality_percent: 71,
    },
  },
};

const figures = (worked: number, billable: number) => ({
  scheduled_minutes: 2400,
  worked_minutes: worked,
  active_minutes: worked - 60,
  idle_minutes: 60,
  overtime_minutes: 30,
  adjustment_minutes: billable - worked,
  billable_minutes: billable,
});

export const SUMMARY: SummaryReport = {
  data: [
    {
      va: VINCE,
      ...figures(2250, 2190),
      shifts: 5,
      late: 1,
      absent: 0,
      activity_percent: 81,
      screenshots: 140,
    },
    { va: ANA, ...figures(1800, 1830), shifts: 4, late: 0, absent: 1, activity_percent: 70, screenshots: 96 },
  ],
  meta: {
    ...meta(2, 50),
    totals: { ...figures(4050, 4020), shifts: 9, late: 1, absent: 1, activity_percent: 76, screenshots: 236 },
  },
};

const team = (members: number, worked: number) => ({
  members,
  scheduled_minutes: worked + 120,
  worked_minutes: worked,
  active_minutes: worked - 200,
  billable_minutes: worked - 30,
  activity_percent: 72,
  shifts: members * 5,
  late: 1,
  absent: 0,
});

export const TEAMS: TeamSummaryReport = {
  data: [
    { team: { id: 3, name: 'Support' }, ...team(2, 4050) },
    { team: null, ...team(1, 1500) },
  ],
  meta: { ...meta(2, 50), totals: team(3, 5550) },
};

/** A report of no rows (a quiet period). */
export const emptyOf = <R extends { data: unknown[]; meta: object }>(report: R): R => ({
  ...report,
  data: [],
  meta: { ...report.meta, total: 0 },
});
