import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import { idleColumn, onlineColumn } from './attendance.presence-sql';
import { attendanceScope } from './attendance.scope';
import { attendances } from './attendance.table';
import { type AttendanceFilters, attendanceFilters } from './reads/reads.lists';

// What the screenshots module reads of shifts besides `shiftsView`: where an on-demand capture goes, and the
// shifts on now with their presence (the live wall).

type Row = typeof attendances.$inferSelect;

/** The VA's ongoing shift the viewer sees (the earliest started when two overlap), or undefined. */
export async function ongoingShiftOf(db: Db, viewer: Viewer, vaId: number): Promise<Row | undefined> {
  const [shift] = await db
    .select()
    .from(attendances)
    .where(and(attendanceScope(viewer), eq(attendances.vaId, vaId), eq(attendances.status, 'ongoing')))
    .orderBy(asc(attendances.startedAt))
    .limit(1);
  return shift;
}

/**
 * One page of the ongoing shifts the viewer sees matching the filters, by VA then id, each with its presence
 * at `now`; and how many there are.
 */
export async function ongoingShiftsPage(
  db: Db,
  viewer: Viewer,
  now: Date,
  filters: Pick<AttendanceFilters, 'client_id' | 'team_id'>,
  page: { limit: number; offset: number },
) {
  const where = and(
    attendanceScope(viewer),
    eq(attendances.status, 'ongoing'),
    ...attendanceFilters(viewer, filters),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: attendances.id,
        vaId: attendances.vaId,
        clientId: attendances.clientId,
        contractId: attendances.contractId,
        online: onlineColumn(now),
        idle: idleColumn(now),
      })
      .from(attendances)
      .where(where)
      .orderBy(asc(attendances.vaId), asc(attendances.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(attendances).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
