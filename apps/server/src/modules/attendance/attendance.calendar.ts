import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { IdColumn } from '../../lib/viewer';
import { attendances } from './attendance.table';

/** A shift as the calendar feeds (integrations layer) show it. */
export type CalendarShift = {
  id: number;
  contractId: number;
  vaId: number;
  clientId: number;
  date: string;
  timezone: string;
  status: 'upcoming' | 'ongoing' | 'completed' | 'absent' | 'on_leave';
  scheduledStartAt: Date;
  scheduledEndAt: Date;
};

/**
 * The shifts of the organization starting in [from, to), of one VA (`vaId`), one client's VAs (`clientId`), or
 * the VAs a predicate on the VA column allows (`vas`), by start.
 */
export async function calendarShifts(
  db: Db,
  who: { organizationId: number; vaId?: number; clientId?: number; vas?: (column: IdColumn) => SQL },
  from: Date,
  to: Date,
): Promise<CalendarShift[]> {
  return db
    .select({
      id: attendances.id,
      contractId: attendances.contractId,
      vaId: attendances.vaId,
      clientId: attendances.clientId,
      date: attendances.date,
      timezone: attendances.timezone,
      status: attendances.status,
      scheduledStartAt: attendances.scheduledStartAt,
      scheduledEndAt: attendances.scheduledEndAt,
    })
    .from(attendances)
    .where(
      and(
        eq(attendances.organizationId, who.organizationId),
        who.vaId !== undefined ? eq(attendances.vaId, who.vaId) : undefined,
        who.clientId !== undefined ? eq(attendances.clientId, who.clientId) : undefined,
        who.vas ? who.vas(attendances.vaId) : undefined,
        gte(attendances.scheduledStartAt, from),
        lt(attendances.scheduledStartAt, to),
      ),
    )
    .orderBy(asc(attendances.scheduledStartAt), asc(attendances.id))
    .limit(5000);
}
