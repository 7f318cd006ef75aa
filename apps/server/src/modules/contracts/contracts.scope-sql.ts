import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
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
