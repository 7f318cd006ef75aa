import { addDays } from '@vahub/shared/time/dates';
import { zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../lib/viewer';
import { type AttendanceFilters, periodAndPeopleFilters } from '../attendance/public';
import { screenshots } from './screenshots.table';

/**
 * The screenshots a viewer sees, by the attendances' rule (DOMAIN.md "Tenancy and roles"): admins the
 * organization's; a manager those of the VAs in their scope; a client those taken on their own contracts
 * (not what their VA does for someone else); a VA their own.
 */
export function screenshotScope(viewer: Viewer): SQL {
  const org = eq(screenshots.organizationId, viewer.organizationId);
  if (viewer.isAdmin) return org;
  if (viewer.role === 'client') return and(org, viewer.scope.clients(screenshots.clientId)) as SQL;
  return and(org, viewer.scope.vas(screenshots.vaId)) as SQL;
}

/** The attendance lists' filters but the status, and what only a capture has. */
export type ScreenshotFilters = Omit<AttendanceFilters, 'status'> & {
  attendance_id?: number;
  source?: 'scheduled' | 'on_demand';
  tracker?: 'web' | 'desktop';
  request_id?: string;
};

/**
 * The list and count filters, over screenshots joined to their attendance. With `viewerZone` (the galleries,
 * issue 23) the dates are the viewer's days: a capture is on the day it was taken where the viewer lives, so a
 * manager in Manila sees today's captures of VAs on US shifts. Without it (the reports, whose rows are shifts)
 * they are the attendance's local date, read through the attendance, so a fixed date moves its captures.
 */
export function screenshotFilters(
  organizationId: number,
  q: ScreenshotFilters,
  viewerZone?: string,
): Array<SQL | undefined> {
  const { start_date: from, end_date: to, ...rest } = q;
  const period = viewerZone
    ? [
        from ? gte(screenshots.takenAt, zonedTimeToInstant(from, 0, viewerZone)) : undefined,
        to ? lt(screenshots.takenAt, zonedTimeToInstant(addDays(to, 1), 0, viewerZone)) : undefined,
      ]
    : [];
  return [
    ...period,
    ...periodAndPeopleFilters(screenshots, organizationId, viewerZone ? rest : q),
    q.attendance_id ? eq(screenshots.attendanceId, q.attendance_id) : undefined,
    q.source ? eq(screenshots.source, q.source) : undefined,
    q.tracker ? eq(screenshots.tracker, q.tracker) : undefined,
    q.request_id ? eq(screenshots.requestId, q.request_id) : undefined,
  ];
}
