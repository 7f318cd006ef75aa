import type { AttendanceListItem } from '@vahub/shared/attendance/schemas';
import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import type { PersonCard } from '../../people/public';
import { toAttendance } from '../attendance.mapper';
import type { attendances } from '../attendance.table';

export type AttendanceRow = typeof attendances.$inferSelect;

/** A row as the reads select it: the attendance, presence computed now, its contract's title. */
export type ReadRow = { attendance: AttendanceRow; online: boolean; idle: boolean; contractTitle: string };

export const toPersonSummary = (p: PersonCard): PersonSummary => ({
  id: p.id,
  name: p.name,
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
  timezone: p.timezone,
  avatar_url: p.avatar_url,
  company_name: p.company_name,
});

/** The attendance with presence as computed by the query (right between the sweeps), not the stored flags. */
export const toLiveAttendance = (r: Pick<ReadRow, 'attendance' | 'online' | 'idle'>) => ({
  ...toAttendance(r.attendance),
  online: Boolean(r.online),
  idle: Boolean(r.idle),
});

/** Looks a person up in a page's people, failing loudly if the foreign key was somehow broken. */
export function personOf(people: Map<number, PersonCard>, id: number): PersonSummary {
  const found = people.get(id);
  if (!found) throw new Error(`attendance person ${id} is missing`);
  return toPersonSummary(found);
}

export function toListItem(r: ReadRow, people: Map<number, PersonCard>): AttendanceListItem {
  return {
    ...toLiveAttendance(r),
    va: personOf(people, r.attendance.vaId),
    client: personOf(people, r.attendance.clientId),
    contract: { id: r.attendance.contractId, title: r.contractTitle },
  };
}
