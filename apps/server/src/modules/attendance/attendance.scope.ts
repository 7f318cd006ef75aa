import { and, eq, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../lib/viewer';
import { attendances } from './attendance.table';

/**
 * The attendances a viewer sees (DOMAIN.md "Tenancy and roles"): admins the organization's; a manager those of
 * the VAs in their scope (their clients' VAs and the members of teams they lead); a client only the shifts of
 * their own contracts (not what their VA does for someone else); a VA their own. The reads filter by it, and a
 * forced logout reaches only what the supervisor sees.
 */
export function attendanceScope(viewer: Viewer): SQL {
  const org = eq(attendances.organizationId, viewer.organizationId);
  if (viewer.isAdmin) return org;
  if (viewer.role === 'client') return and(org, viewer.scope.clients(attendances.clientId)) as SQL;
  return and(org, viewer.scope.vas(attendances.vaId)) as SQL;
}
