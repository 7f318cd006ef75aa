import { person } from '../../../test/mock-api';

export { type Call, mockApi, person, type Reply } from '../../../test/mock-api';

import { ensureNamespace, initI18n } from '../../../lib/i18n';
import type { TimesheetRow, Week } from '../api/queries';

export async function loadTexts() {
  await initI18n();
  await ensureNamespace('timesheets');
  await ensureNamespace('errors');
}

export const ME = { id: 1, timezone: 'UTC', time_format: '24h', roles: [{ name: 'admin' }] };

export const VINCE = person(4, 'Vince Cruz');
export const ACME = person(9, 'Claire Whitman', 'Acme Dental');

const FIGURES = {
  scheduled_minutes: 480,
  worked_minutes: 450,
  active_minutes: 360,
  idle_minutes: 90,
  overtime_minutes: 0,
  adjustment_minutes: 0,
  billable_minutes: 450,
};

/** A pending timesheet of Vince for Acme (8 h scheduled, 7 h 30 min worked) unless said. */
export function sheet(id: number, date: string, over: Partial<TimesheetRow> = {}): TimesheetRow {
  return {
    ...FIGURES,
    id,
    attendance_id: 100 + id,
    contract_id: 7,
    va_id: VINCE.id,
    client_id: ACME.id,
    date,
    week_start: date,
    timezone: 'Asia/Manila',
    attendance_status: 'present',
    started_at: `${date}T01:00:00Z`,
    ended_at: `${date}T08:30:00Z`,
    activity_percent: 80,
    note: null,
    status: 'pending',
    approved_by: null,
    approved_at: null,
    frozen: false,
    client_status: 'waiting',
    created_at: `${date}T01:00:00Z`,
    updated_at: `${date}T08:30:00Z`,
    va: VINCE,
    client: ACME,
    contract: { id: 7, title: 'Inbox and calendar' },
    ...over,
  } as TimesheetRow;
}

export const totalsOf = (rows: TimesheetRow[], count = rows.length) => ({
  count,
  scheduled_minutes: rows.reduce((n, r) => n + r.scheduled_minutes, 0),
  worked_minutes: rows.reduce((n, r) => n + r.worked_minutes, 0),
  active_minutes: rows.reduce((n, r) => n + r.active_minutes, 0),
  idle_minutes: rows.reduce((n, r) => n + r.idle_minutes, 0),
  overtime_minutes: rows.reduce((n, r) => n + r.overtime_minutes, 0),
  adjustment_minutes: rows.reduce((n, r) => n + r.adjustment_minutes, 0),
  billable_minutes: rows.reduce((n, r) => n + r.billable_minutes, 0),
});

export const page = <T>(data: T[], extra: Record<string, unknown> = {}, total = data.length) => ({
  data,
  meta: { current_page: 1, per_page: 25, total, last_page: 1, ...extra },
});

/** Vince's week of 2026-11-16 for Acme: Monday to Friday worked, the weekend not. */
export function week(over: Partial<Week> = {}): Week {
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = `2026-11-${String(16 + i).padStart(2, '0')}`;
    const worked = i < 5 ? 450 : 0;
    return {
      date,
      worked_minutes: worked,
      billable_minutes: worked,
      activity_percent: worked ? 80 : null,
      screenshots: worked ? 40 : 0,
      timesheet_ids: worked ? [i + 1] : [],
    };
  });
  return {
    va: VINCE,
    client: ACME,
    week_start: '2026-11-16',
    days,
    totals: { ...FIGURES, worked_minutes: 2250, active_minutes: 1800, billable_minutes: 2250 },
    client_status: 'waiting',
    comment: null,
    decided_at: null,
    decided_by: null,
    va_reply: null,
    va_replied_at: null,
    approved_count: 2,
    count: 5,
    ...over,
  };
}
