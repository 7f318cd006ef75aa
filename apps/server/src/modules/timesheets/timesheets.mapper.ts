import type { Timesheet, TimesheetListItem } from '@vahub/shared/timesheets/schemas';
import { iso } from '../../lib/clock';
import { type People, withContractParties } from '../contracts/public';
import type { TimesheetRow } from './timesheets.query';

const n = (v: number | string | null) => Number(v ?? 0);

export function toTimesheet(r: TimesheetRow): Timesheet {
  return {
    id: r.id,
    attendance_id: r.attendanceId,
    contract_id: r.contractId,
    va_id: r.vaId,
    client_id: r.clientId,
    date: r.date,
    week_start: r.weekStart,
    timezone: r.timezone,
    attendance_status: r.attendanceStatus,
    started_at: iso(r.startedAt),
    ended_at: iso(r.endedAt),
    scheduled_minutes: n(r.scheduled_minutes),
    worked_minutes: n(r.worked_minutes),
    active_minutes: n(r.active_minutes),
    idle_minutes: n(r.idle_minutes),
    overtime_minutes: n(r.overtime_minutes),
    adjustment_minutes: n(r.adjustment_minutes),
    billable_minutes: n(r.billable_minutes),
    activity_percent: r.activity_percent === null ? null : n(r.activity_percent),
    note: r.note,
    status: r.status,
    approved_by: r.approvedBy,
    approved_at: iso(r.approvedAt),
    frozen: Boolean(r.frozen),
    client_status: r.clientStatus,
    created_at: iso(r.createdAt) ?? '',
    updated_at: iso(r.updatedAt) ?? '',
  };
}

export function toListItem(r: TimesheetRow, people: People): TimesheetListItem {
  return {
    ...toTimesheet(r),
    ...withContractParties(people, r),
  };
}
