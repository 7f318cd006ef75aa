import type { AttendanceListItem } from '@vahub/shared/attendance/schemas';
import type { PersonCard } from '../../people/public';
import { toAttendance } from '../attendance.mapper';
import { personOf } from '../attendance.people';
import type { attendances } from '../attendance.table';

export type AttendanceRow = typeof attendances.$inferSelect;

/** A row as the reads select it: the attendance, presence computed now, its contract's title. */
export type ReadRow = { attendance: AttendanceRow; online: boolean; idle: boolean; contractTitle: string };

/** The attendance with presence as computed by the query (right between the sweeps), not the stored flags. */
export const toLiveAttendance = (r: Pick<ReadRow, 'attendance' | 'online' | 'idle'>) => ({
  ...toAttendance(r.attendance),
  online: Boolean(r.online),
  idle: Boolean(r.idle),
});

export function toListItem(r: ReadRow, people: Map<number, PersonCard>): AttendanceListItem {
  return {
    ...toLiveAttendance(r),
    va: personOf(people, r.attendance.vaId),
    client: personOf(people, r.attendance.clientId),
    contract: { id: r.attendance.contractId, title: r.contractTitle },
  };
}
