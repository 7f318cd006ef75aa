import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/authenticate';
import { managedClientIds, managedUserIds } from '../access/scope';
import { contracts } from './contracts.table';

export type ContractArea = 'admin' | 'manager' | 'client' | 'va';

/** Who is looking, and which contracts they may see (DOMAIN.md "Tenancy and roles"). */
export type Viewer = { auth: AuthContext; area: ContractArea; contracts: SQL };

/**
 * The contracts an area sees: admins the whole organization; a client their own contracts, a VA theirs,
 * a manager those of the clients and VAs they supervise. Drafts are the agency's own business: only admins
 * see them.
 */
export async function viewerFor(db: Db, auth: AuthContext, area: ContractArea): Promise<Viewer> {
  const org = eq(contracts.organizationId, auth.organizationId);
  const notDraft = ne(contracts.status, 'draft');
  let where: SQL | undefined;
  switch (area) {
    case 'admin':
      where = org;
      break;
    case 'client':
      where = and(org, notDraft, eq(contracts.clientId, auth.userId));
      break;
    case 'va':
      where = and(org, notDraft, eq(contracts.vaId, auth.userId));
      break;
    case 'manager': {
      const [clientIds, userIds] = await Promise.all([managedClientIds(db, auth), managedUserIds(db, auth)]);
      const parts: SQL[] = [];
      if (clientIds.length) parts.push(inArray(contracts.clientId, clientIds));
      if (userIds.length) parts.push(inArray(contracts.vaId, userIds));
      where = parts.length ? and(org, notDraft, or(...parts)) : sql`false`;
      break;
    }
  }
  return { auth, area, contracts: where ?? sql`false` };
}
