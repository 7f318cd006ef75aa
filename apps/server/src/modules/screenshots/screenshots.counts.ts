import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import { shiftsView } from '../attendance/public';
import { type ScreenshotFilters, screenshotFilters, screenshotScope } from './screenshots.scope';
import { screenshots } from './screenshots.table';

/**
 * How many screenshots each VA has in the viewer's scope matching the filters (the period is the attendances'
 * local dates), in one grouped query: the timesheets' reports print the count per VA. Expired captures count:
 * retention drops the image, not the fact that it was taken. The caller checks the filters against the scope.
 */
export async function screenshotCountsByVa(
  db: Db,
  viewer: Viewer,
  filters: ScreenshotFilters,
): Promise<Map<number, number>> {
  const rows = await db
    .select({ vaId: screenshots.vaId, n: count() })
    .from(screenshots)
    .innerJoin(shiftsView, eq(shiftsView.id, screenshots.attendanceId))
    .where(and(screenshotScope(viewer), ...screenshotFilters(viewer.organizationId, filters)))
    .groupBy(screenshots.vaId);
  return new Map(rows.map((r) => [r.vaId, Number(r.n)]));
}
