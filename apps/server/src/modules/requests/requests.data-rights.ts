import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  after,
  type DataScope,
  holdsAny,
  keysetBatches,
  replacedText,
  scopeWhere,
} from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { userRequests } from './requests.table';

// Data export and erasure (issue 33): the requests of a scope and their attachments; a VA's attachments erased.

// A client reads no requests in the product (leave, sick notes: the agency's and the VA's): none in theirs.
const requestsOf = (scope: DataScope): SQL =>
  scope.clientId !== null
    ? sql`false`
    : scopeWhere(scope, { organization: userRequests.organizationId, va: userRequests.vaId });

export const exportRequests = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(userRequests)
      .where(and(requestsOf(scope), after(userRequests.id, a)))
      .orderBy(userRequests.id)
      .limit(n),
  );

/** The attachments of a scope's requests: their keys in storage and file names. */
export const requestAttachments = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select({ id: userRequests.id, key: userRequests.fileKey, name: userRequests.fileName })
      .from(userRequests)
      .where(and(requestsOf(scope), isNotNull(userRequests.fileKey), after(userRequests.id, a)))
      .orderBy(userRequests.id)
      .limit(n),
  );

/** A VA's requests lose their attachments; answers the keys, for the caller to delete after the commit. */
export async function eraseAttachmentsOf(tx: Tx, organizationId: number, vaId: number): Promise<string[]> {
  const where = and(
    eq(userRequests.organizationId, organizationId),
    eq(userRequests.vaId, vaId),
    isNotNull(userRequests.fileKey),
  );
  const rows = await tx.select({ key: userRequests.fileKey }).from(userRequests).where(where).for('update');
  await tx.update(userRequests).set({ fileKey: null, fileName: null, fileType: null }).where(where);
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Erasure: an erased person's name and email leave the requests' details and decision notes. */
export async function eraseFromRequests(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const r = userRequests;
  await tx
    .update(r)
    .set({
      details: replacedText(r.details, needles, alias),
      decisionNote: replacedText(r.decisionNote, needles, alias),
    })
    .where(and(eq(r.organizationId, organizationId), holdsAny([r.details, r.decisionNote], needles)));
}
