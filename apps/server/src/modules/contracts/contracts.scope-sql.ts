import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/viewer';
import { contracts } from './contracts.table';

// Drafts are the agency's own business: they link nobody to anybody outside the admins.

/** Subquery: the VAs holding a non-draft contract with one of `clientIds` (a subquery or a list). */
export const vaIdsOfClientsSql = (clientIds: SQL): SQL =>
  sql`(select ${contracts.vaId} from ${contracts} where ${contracts.clientId} in ${clientIds} and ${contracts.status} <> 'draft')`;

/**
 * Subquery: the clients a VA holds a non-draft contract with. `vaId` is an id, or a column of the outer
 * query (correlated: "the clients of each VA of this page", as the user lists show a VA's managers).
 */
export const clientIdsOfVaSql = (vaId: number | SQLWrapper): SQL =>
  sql`(select ${contracts.clientId} from ${contracts} where ${contracts.vaId} = ${vaId} and ${contracts.status} <> 'draft')`;

/** The viewer's rule on a contract's parties (`c` the contracts row): clients theirs, others the VAs they see. */
const partiesRule = (viewer: Viewer): SQL =>
  viewer.role === 'client' ? viewer.scope.clients(sql`c.client_id`) : viewer.scope.vas(sql`c.va_id`);

/**
 * Whether the viewer sees this contract (a `contract_id` filter's check, the attendances' rule): admins any of
 * the organization's; others a non-draft one whose client (a client viewer) or VA is in their scope.
 */
export function contractVisibleSql(viewer: Viewer, contractId: number): SQL {
  if (viewer.isAdmin)
    return sql`exists (select 1 from ${contracts} c where c.id = ${contractId} and c.organization_id = ${viewer.organizationId})`;
  const base = sql`c.id = ${contractId} and c.organization_id = ${viewer.organizationId} and c.status <> 'draft'`;
  return sql`exists (select 1 from ${contracts} c where ${base} and ${partiesRule(viewer)})`;
}

/** Subquery: how many distinct VAs hold an active contract the viewer sees (the dashboard counters' `vas`). */
export function activeContractVaCountSql(viewer: Viewer): SQL<number> {
  const rule = viewer.isAdmin ? sql`true` : partiesRule(viewer);
  return sql<number>`(select count(distinct c.va_id)::int from ${contracts} c where c.organization_id = ${viewer.organizationId} and c.status = 'active' and ${rule})`;
}
