import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { Contract } from '@vahub/shared/contracts/schemas';
import { CONTRACT_DEFAULTS } from '@vahub/shared/organization/settings';
import type { UserRequestDetail, VacationDays } from '@vahub/shared/requests/schemas';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { nowSeconds, saveSession } from '../../../lib/session';
import { person } from '../../../test/mock-api';

export { type Call, mockApi, person, type Reply } from '../../../test/mock-api';

export const VA = '/api/v1/va-access';
export const ADMIN = '/api/v1/admin-access';
export const MANAGER = '/api/v1/manager-access';

/** Signed in, on a 24-hour clock in UTC (what `/api/v1/me` answers through `ME`). */
export async function signIn() {
  saveSession(
    { token: 'access', refreshToken: 'refresh', tokenExpire: nowSeconds() + 600, authUser: null },
    true,
  );
  await initI18n();
  await ensureNamespace('requests');
  await ensureNamespace('errors');
}
export const ME = { id: 4, timezone: 'UTC', time_format: '24h', roles: [{ name: 'va' }] };

export const VINCE = person(4, 'Vince Cruz');
export const ACME = person(9, 'Claire Whitman', 'Acme Dental');

/** Vince's active contract with Acme (overtime by request, at most 120 min; 10 vacation and 5 sick days). */
export function contract(
  id = 7,
  over: Partial<Contract> = {},
  settings: Partial<Contract['settings']> = {},
): Contract {
  return {
    id,
    va_id: VINCE.id,
    client_id: ACME.id,
    title: id === 7 ? 'Inbox and calendar' : `Contract ${id}`,
    description: null,
    status: 'active',
    start_date: '2026-01-01',
    end_date: null,
    timezone: 'Asia/Manila',
    hourly_rate: null,
    currency: 'USD',
    activated_at: '2026-01-01T00:00:00Z',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    va: VINCE,
    client: ACME,
    settings: {
      ...CONTRACT_DEFAULTS,
      overtime_allowed: false,
      max_overtime_minutes: 120,
      vacation_days_per_year: 10,
      sick_days_per_year: 5,
      id: 1,
      contract_id: id,
      updated_at: '2026-01-01T00:00:00Z',
      ...settings,
    },
    schedules_count: 5,
    ...over,
  };
}

/** One of Vince's shifts under contract 7: 09:00–17:00 Manila (01:00–09:00 UTC) on that date. */
export function shift(id: number, date: string, over: Partial<Attendance> = {}): Attendance {
  return {
    id,
    contract_id: 7,
    va_id: VINCE.id,
    client_id: ACME.id,
    schedule_id: 3,
    date,
    timezone: 'Asia/Manila',
    scheduled_start_at: `${date}T01:00:00Z`,
    scheduled_end_at: `${date}T09:00:00Z`,
    scheduled_seconds: 28_800,
    started_at: `${date}T01:02:00Z`,
    ended_at: `${date}T09:10:00Z`,
    status: 'completed',
    end_reason: 'clock_out',
    last_ping_at: `${date}T09:09:00Z`,
    worked_seconds: 29_000,
    active_seconds: 25_000,
    idle_seconds: 4_000,
    activity_percent: 86,
    late_minutes: 2,
    break_seconds: 0,
    source: 'desktop',
    online: false,
    idle: false,
    ...over,
  };
}

export const listItem = (a: Attendance) => ({
  ...a,
  va: VINCE,
  client: ACME,
  contract: { id: a.contract_id, title: 'Inbox and calendar' },
});

/** A pending vacation leave of Vince, 1–3 Dec 2026 (3 working days), unless said. */
export function request(id: number, over: Partial<UserRequestDetail> = {}): UserRequestDetail {
  return {
    id,
    type: 'vacation_leave',
    status: 'pending',
    va_id: VINCE.id,
    client_id: ACME.id,
    contract_id: 7,
    attendance_id: null,
    details: 'Family wedding',
    paid_by: 'client',
    target_start_date: '2026-12-01',
    target_end_date: '2026-12-03',
    minutes: null,
    mus: null,
    days: 3,
    timezone: 'Asia/Manila',
    has_file: false,
    decided_by: null,
    decided_at: null,
    decision_note: null,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-20T08:00:00Z',
    va: VINCE,
    client: ACME,
    contract: { id: 7, title: 'Inbox and calendar' },
    file: null,
    decider: null,
    effect: {
      kind: 'leave',
      shifts: ['2026-12-01', '2026-12-02', '2026-12-03'].map((date, i) => ({
        attendance_id: 50 + i,
        date,
        scheduled_start_at: `${date}T01:00:00Z`,
        scheduled_end_at: `${date}T09:00:00Z`,
        status: 'upcoming' as const,
      })),
      overtime_minutes: null,
      timesheet_id: null,
      makeup: null,
    },
    ...over,
  };
}

export const page = <T>(data: T[], extra: Record<string, unknown> = {}, total = data.length) => ({
  data,
  meta: { current_page: 1, per_page: 25, total, last_page: Math.max(1, Math.ceil(total / 25)), ...extra },
});

/** `user-vacations/days` for a range inside one year: `days` working days, 7 of 10 vacation days left. */
export function vacationDays(days: number, over: Partial<VacationDays> = {}): VacationDays {
  return {
    days,
    balance: 7,
    pool: 'vacation',
    dates: [],
    years: [{ year: 2026, days, allowance: 10, used: 3, pending: 0, balance: 7 }],
    overlap: null,
    taken_dates: [],
    ...over,
  };
}

/** A multipart body's fields (files by name), for asserting what was sent. */
export function fieldsOf(body: unknown): Record<string, string> {
  if (!(body instanceof FormData)) throw new Error('Expected a multipart body');
  const out: Record<string, string> = {};
  for (const [key, value] of body.entries())
    out[key] = typeof value === 'string' ? value : `file:${value.name}`;
  return out;
}

export const pdf = (name = 'certificate.pdf', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
export const png = (name = 'receipt.png') => new File([new Uint8Array(512)], name, { type: 'image/png' });
