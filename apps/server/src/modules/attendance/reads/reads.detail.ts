import type { AttendanceLog, attendanceLogQuerySchema } from '@vahub/shared/attendance/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { peopleByIds } from '../../people/public';
import { toBlock } from '../attendance.mapper';
import { attendanceScope } from '../attendance.scope';
import { attendanceBlocks, attendanceLogs, attendancePings, attendances } from '../attendance.table';
import { toListItem } from './reads.mapper';
import { zoneOf } from './reads.period';
import { findAttendances } from './reads.repository';
import { assertVisibleFilters } from './reads.scope';

type PingRow = typeof attendancePings.$inferSelect;

const blocksOf = (db: Db, attendanceId: number) =>
  db
    .select()
    .from(attendanceBlocks)
    .where(eq(attendanceBlocks.attendanceId, attendanceId))
    .orderBy(asc(attendanceBlocks.startAt));

/** Admin `attendance/{id}`: the attendance (404 outside the viewer's rows) with its 10-minute blocks. */
export async function attendanceDetail(deps: Deps, viewer: Viewer, id: number) {
  const [row] = await findAttendances(
    deps.db,
    deps.clock.now(),
    and(attendanceScope(viewer), eq(attendances.id, id)),
    [],
  );
  if (!row) throw notFound('Attendance');
  const [people, blocks] = await Promise.all([
    peopleByIds(deps.db, [row.attendance.vaId, row.attendance.clientId]),
    blocksOf(deps.db, id),
  ]);
  return { ...toListItem(row, people), blocks: blocks.map(toBlock) };
}

const toPing = (p: PingRow) => ({
  id: p.clientId,
  at: p.at.toISOString(),
  keyboard: p.keyboard,
  mouse: p.mouse,
  idle_seconds: p.idleSeconds,
  active_window: p.activeWindow ?? null,
  task_id: p.taskId,
  general_task_id: p.generalTaskId,
  source: p.source,
  received_at: p.receivedAt.toISOString(),
});

/** Admin `attendance/{id}/pings`: a page of its pings in time order, and all its blocks. */
export async function attendancePingsPage(
  deps: Deps,
  viewer: Viewer,
  id: number,
  q: { page: number; per_page: number },
) {
  await assertVisibleFilters(deps.db, viewer, { attendance_id: id });
  const where = eq(attendancePings.attendanceId, id);
  const [rows, [total], blocks] = await Promise.all([
    deps.db
      .select()
      .from(attendancePings)
      .where(where)
      .orderBy(asc(attendancePings.at), asc(attendancePings.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    deps.db.select({ n: count() }).from(attendancePings).where(where),
    blocksOf(deps.db, id),
  ]);
  return {
    data: rows.map(toPing),
    meta: paginationMeta(q.page, q.per_page, total?.n ?? 0),
    blocks: blocks.map(toBlock),
  };
}

type LogQuery = z.output<typeof attendanceLogQuerySchema>;

/** Admin `attendance-logs`, newest first; the period is in the viewer's zone, on the entries' times. */
export async function attendanceLogsPage(deps: Deps, viewer: Viewer, q: LogQuery) {
  await assertVisibleFilters(deps.db, viewer, q);
  const zone = zoneOf(viewer.timezone);
  const l = attendanceLogs;
  const where = and(
    eq(l.organizationId, viewer.organizationId),
    q.attendance_id ? eq(l.attendanceId, q.attendance_id) : undefined,
    q.va_id ? eq(l.vaId, q.va_id) : undefined,
    q.client_id ? eq(l.clientId, q.client_id) : undefined,
    q.type ? eq(l.type, q.type) : undefined,
    q.start_date ? gte(l.at, zonedTimeToInstant(q.start_date, 0, zone)) : undefined,
    q.end_date ? lt(l.at, zonedTimeToInstant(addDays(q.end_date, 1), 0, zone)) : undefined,
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(l)
      .where(where)
      .orderBy(desc(l.at), desc(l.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    deps.db.select({ n: count() }).from(l).where(where),
  ]);
  const actors = await peopleByIds(
    deps.db,
    rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  );
  const data: AttendanceLog[] = rows.map((r) => {
    const actor = r.actorId ? actors.get(r.actorId) : undefined;
    return {
      id: r.id,
      attendance_id: r.attendanceId,
      va_id: r.vaId,
      type: r.type as AttendanceLog['type'],
      at: r.at.toISOString(),
      actor: actor ? { id: actor.id, name: actor.name } : null,
      details: r.details,
    };
  });
  return { data, meta: paginationMeta(q.page, q.per_page, total?.n ?? 0) };
}
