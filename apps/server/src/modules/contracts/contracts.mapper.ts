import type { Contract, PersonSummary, Schedule, ScheduleListItem } from '@vahub/shared/contracts/schemas';
import type { ContractSettings } from '@vahub/shared/contracts/settings';
import { blockDuration, isOvernight } from '@vahub/shared/time/weekdays';
import type { PersonCard } from '../people/public';
import type { ContractRow, ScheduleRow, SettingsRow, WithPeople } from './contracts.repository';

export const toPerson = (p: PersonCard): PersonSummary => ({
  id: p.id,
  name: p.name,
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
  timezone: p.timezone,
  avatar_url: p.avatar_url,
  company_name: p.company_name,
});

export const toSettings = (s: SettingsRow): ContractSettings => ({
  id: s.id,
  contract_id: s.contractId,
  screenshots_enabled: s.screenshotsEnabled,
  screenshots_per_hour: s.screenshotsPerHour,
  blur_screenshots: s.blurScreenshots,
  screenshot_privacy: s.screenshotPrivacy,
  screenshots_on_demand: s.screenshotsOnDemand,
  screenshot_notice: s.screenshotNotice,
  va_may_mute_screenshot_notice: s.vaMayMuteScreenshotNotice,
  idle_timeout_minutes: s.idleTimeoutMinutes,
  late_grace_minutes: s.lateGraceMinutes,
  early_clock_in_minutes: s.earlyClockInMinutes,
  overtime_allowed: s.overtimeAllowed,
  max_overtime_minutes: s.maxOvertimeMinutes,
  timesheet_approval_required: s.timesheetApprovalRequired,
  vacation_days_per_year: s.vacationDaysPerYear,
  sick_days_per_year: s.sickDaysPerYear,
  updated_at: s.updatedAt.toISOString(),
});

export const toSchedule = (s: ScheduleRow): Schedule => ({
  id: s.id,
  contract_id: s.contractId,
  weekday: s.weekday,
  start_minute: s.startMinute,
  end_minute: s.endMinute,
  overnight: isOvernight(s.startMinute, s.endMinute),
  duration_minutes: blockDuration(s.startMinute, s.endMinute),
  effective_from: s.effectiveFrom,
  effective_to: s.effectiveTo,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

/** The weekly block the time maths take. */
export const toBlock = (s: ScheduleRow) => ({
  id: s.id,
  weekday: s.weekday,
  start_minute: s.startMinute,
  end_minute: s.endMinute,
  effective_from: s.effectiveFrom,
  effective_to: s.effectiveTo,
});

export type ContractWithPeople = WithPeople<{
  contract: ContractRow;
  settings: SettingsRow | null;
  schedulesCount: number;
}>;

/**
 * Who reads a contract, for its pay fields (issue 30): an admin sees them, a VA their own, a manager those in
 * their scope where the organization allows (`managerSeesPay`, set by the manager's routes); nobody else (a
 * client never). Without a reader (internal reads) they are left out.
 */
export type PayReader = { userId: number; isAdmin: boolean; managerSeesPay?: boolean };
export const seesPay = (reader: PayReader | undefined, vaId: number) =>
  !!reader && (reader.isAdmin || reader.userId === vaId || reader.managerSeesPay === true);

export function toContract(row: ContractWithPeople, schedules?: ScheduleRow[], reader?: PayReader): Contract {
  const c = row.contract;
  const pay = seesPay(reader, c.vaId)
    ? {
        pay_rate: c.payRate === null ? null : Number(c.payRate),
        pay_currency: c.payCurrency ?? c.currency,
        pay_overtime_multiplier: Number(c.payOvertimeMultiplier),
      }
    : {};
  return {
    id: c.id,
    va_id: c.vaId,
    client_id: c.clientId,
    title: c.title,
    description: c.description,
    status: c.status,
    start_date: c.startDate,
    end_date: c.endDate,
    timezone: c.timezone,
    hourly_rate: c.hourlyRate === null ? null : Number(c.hourlyRate),
    currency: c.currency,
    ...pay,
    activated_at: c.activatedAt ? c.activatedAt.toISOString() : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    va: toPerson(row.va),
    client: toPerson(row.client),
    settings: row.settings ? toSettings(row.settings) : null,
    schedules_count: row.schedulesCount,
    ...(schedules ? { schedules: schedules.map(toSchedule) } : {}),
  };
}

export type ScheduleWithContract = WithPeople<{
  schedule: ScheduleRow;
  contract: Pick<
    ContractRow,
    'id' | 'title' | 'status' | 'timezone' | 'startDate' | 'endDate' | 'vaId' | 'clientId'
  >;
}>;

export const toScheduleListItem = (r: ScheduleWithContract): ScheduleListItem => ({
  ...toSchedule(r.schedule),
  timezone: r.contract.timezone,
  contract: { id: r.contract.id, title: r.contract.title, status: r.contract.status },
  va: toPerson(r.va),
  client: toPerson(r.client),
});
