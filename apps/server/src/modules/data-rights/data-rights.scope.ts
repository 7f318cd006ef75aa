import type { Db } from '../../db/client';
import type { DataScope } from '../../lib/data-scope';
import { vaIdsOfClient } from '../contracts/public';

export type ExportScopeKind = 'organization' | 'client' | 'va';

/**
 * Whose rows an export holds: the organization's (an admin), a client's (their contracts; themself and the VAs
 * of those contracts), a VA's (themself).
 */
export async function dataScopeOf(
  db: Db,
  kind: ExportScopeKind,
  organizationId: number,
  userId: number,
): Promise<DataScope> {
  if (kind === 'organization')
    return { organizationId, userIds: null, clientId: null, vaId: null, selfId: null };
  if (kind === 'va')
    return { organizationId, userIds: [userId], clientId: null, vaId: userId, selfId: userId };
  const vas = await vaIdsOfClient(db, organizationId, userId);
  return { organizationId, userIds: [userId, ...vas], clientId: userId, vaId: null, selfId: userId };
}
