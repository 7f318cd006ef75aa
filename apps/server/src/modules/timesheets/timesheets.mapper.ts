import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import type { Timesheet, TimesheetListItem } from '@vahub/shared/timesheets/schemas';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import { toPerson } from '../contracts/public';
import { peopleByIds } from '../people/public';
import type { TimesheetRow } from './timesheets.query';

export type People = Map<number, PersonSummary>;

/** The people these ids name, as summaries (one query). */
export async function peopleOf(db: Db, ids: Iterable<number | null>): Promise<People> {
  const cards = await peopleByIds(
    db,
    [...ids].filter((id): id is number => id !== null),
  );
  return new Map([...cards].map(([id, card]) => [id, toPerson(card)]));
}

/** A person of the map; a deleted account still shows as someone rather than breaking the row. */
export function personIn(people: People, id: number): PersonSummary {
  return (
    people.get(id) ?? {
      id,
      name: `#${id}`,
      first_name: '',
      last_name: '',
      email: '',
      timezone: 'UTC',
      avatar_url: null,
      company_name: null,
    }
  );
}

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
    va: personIn(people, r.vaId),
    client: personIn(people, r.clientId),
    contract: { id: r.contractId, title: r.contractTitle ?? '' },
  };
}

/** Rows with their VAs and clients (one people query for the page). */
export async function toListItems(db: Db, rows: TimesheetRow[]): Promise<TimesheetListItem[]> {
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.vaId, r.clientId]),
  );
  return rows.map((r) => toListItem(r, people));
}
