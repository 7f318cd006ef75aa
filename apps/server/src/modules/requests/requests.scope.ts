import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/viewer';
import { userRequests } from './requests.table';

/**
 * The requests a viewer sees (DOMAIN.md "Requests", "Tenancy and roles"): admins the organization's; a manager
 * those of the VAs in their scope (their clients' VAs and the members of teams they lead); a VA their own.
 * Clients see none (their area has no requests; this is the belt to those braces).
 */
export function requestScope(viewer: Viewer): SQL {
  const org = eq(userRequests.organizationId, viewer.organizationId);
  if (viewer.isAdmin) return org;
  if (viewer.role === 'manager') return and(org, viewer.scope.vas(userRequests.vaId)) as SQL;
  if (viewer.role === 'va') return and(org, eq(userRequests.vaId, viewer.userId)) as SQL;
  return sql`false`;
}
