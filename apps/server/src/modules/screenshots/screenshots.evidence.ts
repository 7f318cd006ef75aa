import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { screenshots } from './screenshots.table';

/**
 * What the ai module's evidence pack reads of a shift's captures: when, how big, which tracker. Never the image
 * (nor its key): the pack counts screenshots per hour and compares sizes, nothing more.
 */
export async function screenshotFactsOfAttendance(db: Db, organizationId: number, attendanceId: number) {
  return db
    .select({
      takenAt: screenshots.takenAt,
      bytes: screenshots.bytes,
      width: screenshots.width,
      height: screenshots.height,
      tracker: screenshots.tracker,
    })
    .from(screenshots)
    .where(and(eq(screenshots.organizationId, organizationId), eq(screenshots.attendanceId, attendanceId)))
    .orderBy(asc(screenshots.takenAt), asc(screenshots.screen));
}
