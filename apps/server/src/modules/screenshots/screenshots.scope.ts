import { and, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../lib/viewer';
import { attendances } from '../attendance/public';
import { teamMemberIdsSql } from '../people/public';
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

export type ScreenshotFilters = {
  start_date?: string;
  end_date?: string;
  va_id?: number;
  client_id?: number;
  contract_id?: number;
  team_id?: number;
  attendance_id?: number;
  source?: 'scheduled' | 'on_demand';
  tracker?: 'web' | 'desktop';
};

/**
 * The list and count filters, over screenshots joined to their attendance. Dates are the attendance's local
 * date (a capture after midnight of an overnight shift belongs to the day the shift started), read through
 * the attendance, so a fixed date moves its captures with it.
 */
export function screenshotFilters(organizationId: number, q: ScreenshotFilters): Array<SQL | undefined> {
  return [
    q.va_id ? eq(screenshots.vaId, q.va_id) : undefined,
    q.client_id ? eq(screenshots.clientId, q.client_id) : undefined,
    q.contract_id ? eq(screenshots.contractId, q.contract_id) : undefined,
    q.attendance_id ? eq(screenshots.attendanceId, q.attendance_id) : undefined,
    q.source ? eq(screenshots.source, q.source) : undefined,
    q.tracker ? eq(screenshots.tracker, q.tracker) : undefined,
    q.team_id ? inArray(screenshots.vaId, teamMemberIdsSql(organizationId, q.team_id)) : undefined,
    q.start_date ? gte(attendances.date, q.start_date) : undefined,
    q.end_date ? lte(attendances.date, q.end_date) : undefined,
  ];
}
