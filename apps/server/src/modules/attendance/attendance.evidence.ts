import { and, asc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import { attendanceScope } from './attendance.scope';
import { attendanceBlocks, attendanceItemSeconds, attendancePings, attendances } from './attendance.table';

// What the ai module (a layer above) reads of a shift to build its evidence pack: the shift itself (within the
// viewer's scope), its pings, 10-minute blocks and time per task. Plain rows in the module's own words.

export type EvidenceShift = {
  id: number;
  organizationId: number;
  vaId: number;
  clientId: number;
  date: string;
  timezone: string;
  status: 'upcoming' | 'ongoing' | 'completed' | 'absent' | 'on_leave';
  scheduledStartAt: Date;
  scheduledEndAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  breakSeconds: number;
  workedSeconds: number;
  activeSeconds: number;
  idleSeconds: number;
  lateMinutes: number;
  source: 'web' | 'desktop' | null;
  endReason: string | null;
};

const columns = {
  id: attendances.id,
  organizationId: attendances.organizationId,
  vaId: attendances.vaId,
  clientId: attendances.clientId,
  date: attendances.date,
  timezone: attendances.timezone,
  status: attendances.status,
  scheduledStartAt: attendances.scheduledStartAt,
  scheduledEndAt: attendances.scheduledEndAt,
  startedAt: attendances.startedAt,
  endedAt: attendances.endedAt,
  breakSeconds: attendances.breakSeconds,
  workedSeconds: attendances.workedSeconds,
  activeSeconds: attendances.activeSeconds,
  idleSeconds: attendances.idleSeconds,
  lateMinutes: attendances.lateMinutes,
  source: attendances.source,
  endReason: attendances.endReason,
};

/** One shift the viewer may see (null otherwise); without a viewer, any shift of the organization. */
export async function evidenceShift(
  db: Db,
  organizationId: number,
  id: number,
  viewer: Viewer | null,
): Promise<EvidenceShift | null> {
  const where = viewer
    ? and(eq(attendances.id, id), attendanceScope(viewer))
    : and(eq(attendances.id, id), eq(attendances.organizationId, organizationId));
  const [row] = await db.select(columns).from(attendances).where(where).limit(1);
  return row ?? null;
}

/**
 * The shifts of a period (local dates) the viewer may see, of the given VAs when named; without a viewer, every
 * shift of the organization. Oldest first.
 */
export async function evidenceShiftsOfPeriod(
  db: Db,
  organizationId: number,
  period: { startDate: string; endDate: string; vaIds?: number[] | null; clientId?: number | null },
  viewer: Viewer | null,
): Promise<EvidenceShift[]> {
  const conditions: SQL[] = [
    viewer ? attendanceScope(viewer) : eq(attendances.organizationId, organizationId),
    gte(attendances.date, period.startDate),
    lte(attendances.date, period.endDate),
    ne(attendances.status, 'upcoming'),
  ];
  if (period.vaIds?.length) conditions.push(inArray(attendances.vaId, period.vaIds));
  if (period.clientId) conditions.push(eq(attendances.clientId, period.clientId));
  return db
    .select(columns)
    .from(attendances)
    .where(and(...conditions))
    .orderBy(asc(attendances.date), asc(attendances.scheduledStartAt), asc(attendances.id));
}

/** A shift's pings, blocks and tracked seconds per task, in time order. */
export async function shiftActivity(db: Db, attendanceId: number) {
  const [pings, blocks, items] = await Promise.all([
    db
      .select({
        at: attendancePings.at,
        keyboard: attendancePings.keyboard,
        mouse: attendancePings.mouse,
        idleSeconds: attendancePings.idleSeconds,
        source: attendancePings.source,
        activeWindow: attendancePings.activeWindow,
      })
      .from(attendancePings)
      .where(eq(attendancePings.attendanceId, attendanceId))
      .orderBy(asc(attendancePings.at)),
    db
      .select({
        startAt: attendanceBlocks.startAt,
        trackedSeconds: attendanceBlocks.trackedSeconds,
        activeSeconds: attendanceBlocks.activeSeconds,
        idleSeconds: attendanceBlocks.idleSeconds,
        keyboard: attendanceBlocks.keyboard,
        mouse: attendanceBlocks.mouse,
        pings: attendanceBlocks.pings,
      })
      .from(attendanceBlocks)
      .where(eq(attendanceBlocks.attendanceId, attendanceId))
      .orderBy(asc(attendanceBlocks.startAt)),
    db
      .select({
        taskId: attendanceItemSeconds.taskId,
        generalTaskId: attendanceItemSeconds.generalTaskId,
        seconds: attendanceItemSeconds.seconds,
      })
      .from(attendanceItemSeconds)
      .where(eq(attendanceItemSeconds.attendanceId, attendanceId)),
  ]);
  return { pings, blocks, items };
}

/** The organizations with a finished (or missed) shift on a local date: the nightly summary batches' list. */
export async function organizationsWithShiftsOn(db: Db, date: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: attendances.organizationId })
    .from(attendances)
    .where(
      and(eq(attendances.date, date), sql`${attendances.status} in ('completed', 'absent', 'on_leave')`),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
