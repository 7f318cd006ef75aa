import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { contracts } from './contracts.table';

// Projects and tasks (issue 15) follow ACTIVE contracts only: a paused or ended contract no longer lets a VA see
// or track the client's tasks, while the people scope (contracts.scope-sql.ts) keeps every non-draft one.

/** Subquery: the VAs holding an active contract with this client (an id, or a column of the outer query). */
export const activeVaIdsOfClientSql = (clientId: number | SQLWrapper): SQL =>
  sql`(select ${contracts.vaId} from ${contracts} where ${contracts.clientId} = ${clientId} and ${contracts.status} = 'active')`;

/** Subquery: the clients a VA holds an active contract with. */
export const activeClientIdsOfVaSql = (vaId: number | SQLWrapper): SQL =>
  sql`(select ${contracts.clientId} from ${contracts} where ${contracts.vaId} = ${vaId} and ${contracts.status} = 'active')`;
