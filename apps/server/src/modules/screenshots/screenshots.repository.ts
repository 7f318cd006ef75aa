import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOffset } from '../../lib/pagination';
import { blockActivityAt, shiftsView } from '../attendance/public';
import { screenshots } from './screenshots.table';

export type ScreenshotRow = typeof screenshots.$inferSelect;

/** A screenshot as the reads answer it: the row, its attendance's local date and zone, its block's activity. */
export type ScreenshotRead = {
  shot: ScreenshotRow;
  date: string;
  timezone: string;
  activity: number | null;
};

const readColumns = {
  shot: screenshots,
  date: shiftsView.date,
  timezone: shiftsView.timezone,
  // The activity of the 10-minute block the capture lies in, read at query time so pings that arrive after the
  // image still count; null while that block has no ping.
  activity: blockActivityAt(screenshots.attendanceId, screenshots.takenAt),
};

function reads(db: Db) {
  return db
    .select(readColumns)
    .from(screenshots)
    .innerJoin(shiftsView, eq(shiftsView.id, screenshots.attendanceId));
}

/** Newest first; the screens of one capture in screen order. */
const newestFirst = [desc(screenshots.takenAt), asc(screenshots.screen), desc(screenshots.id)];

/** One page of the screenshots `where` names (over screenshots joined to attendances), and their total. */
export async function pageOfScreenshots(db: Db, where: SQL | undefined, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    reads(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(perPage)
      .offset(pageOffset(page, perPage)),
    db
      .select({ n: count() })
      .from(screenshots)
      .innerJoin(shiftsView, eq(shiftsView.id, screenshots.attendanceId))
      .where(where),
  ]);
  return { rows: rows as ScreenshotRead[], total: total?.n ?? 0 };
}

/** The screenshots `where` names, counted per attendance date (oldest day first). */
export async function countByDay(db: Db, where: SQL | undefined, viewerZone: string) {
  // The day each capture was taken on where the viewer lives (the galleries' days).
  const day = sql<string>`to_char(${screenshots.takenAt} at time zone ${viewerZone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({ date: day, count: count() })
      .from(screenshots)
      .innerJoin(shiftsView, eq(shiftsView.id, screenshots.attendanceId))
      .where(where)
      // By position: the zone is a parameter, and a repeated expression would be another one.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

/** One screenshot `where` names (its id and the viewer's scope), or null. */
export async function findScreenshot(db: Db, where: SQL): Promise<ScreenshotRead | null> {
  const [row] = await reads(db).where(where).limit(1);
  return (row as ScreenshotRead | undefined) ?? null;
}

/** The other screens of the same capture (same attendance and instant), in screen order. */
export async function siblingsOf(db: Db, shot: ScreenshotRow, scope: SQL): Promise<ScreenshotRead[]> {
  const rows = await reads(db)
    .where(
      and(
        scope,
        eq(screenshots.attendanceId, shot.attendanceId),
        eq(screenshots.takenAt, shot.takenAt),
        sql`${screenshots.id} <> ${shot.id}`,
      ),
    )
    .orderBy(asc(screenshots.screen), asc(screenshots.id));
  return rows as ScreenshotRead[];
}

/**
 * The VA's capture just before and just after this one (other screens of the same capture are its siblings,
 * not neighbours), within the viewer's scope.
 */
export async function neighboursOf(db: Db, shot: ScreenshotRow, scope: SQL) {
  const sameVa = and(scope, eq(screenshots.vaId, shot.vaId));
  const pick = (where: SQL | undefined, order: SQL[]) =>
    db
      .select({ id: screenshots.id })
      .from(screenshots)
      .where(where)
      .orderBy(...order)
      .limit(1)
      .then((r) => r[0]?.id ?? null);
  const [previous, next] = await Promise.all([
    pick(and(sameVa, sql`${screenshots.takenAt} < ${shot.takenAt}`), [
      desc(screenshots.takenAt),
      asc(screenshots.screen),
      asc(screenshots.id),
    ]),
    pick(and(sameVa, sql`${screenshots.takenAt} > ${shot.takenAt}`), [
      asc(screenshots.takenAt),
      asc(screenshots.screen),
      asc(screenshots.id),
    ]),
  ]);
  return { previous, next };
}

/** The latest capture of each of these attendances (its first screen), by attendance id. */
export async function latestOfAttendances(db: Db, attendanceIds: number[]) {
  if (!attendanceIds.length) return new Map<number, ScreenshotRead>();
  const ids = sql.join(
    attendanceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const latest = sql`(select distinct on (s.attendance_id) s.id from ${screenshots} s
    where s.attendance_id in (${ids}) order by s.attendance_id, s.taken_at desc, s.screen asc, s.id asc)`;
  const rows = (await reads(db).where(sql`${screenshots.id} in ${latest}`)) as ScreenshotRead[];
  return new Map(rows.map((r) => [r.shot.attendanceId, r]));
}

/** How many screenshots each of these attendances has (stored or expired: retention keeps the count), by id. */
export async function screenshotCountsByAttendance(
  db: Db,
  attendanceIds: number[],
): Promise<Map<number, number>> {
  if (!attendanceIds.length) return new Map();
  const rows = await db
    .select({ attendanceId: screenshots.attendanceId, n: count() })
    .from(screenshots)
    .where(inArray(screenshots.attendanceId, attendanceIds))
    .groupBy(screenshots.attendanceId);
  return new Map(rows.map((r) => [r.attendanceId, Number(r.n)]));
}
