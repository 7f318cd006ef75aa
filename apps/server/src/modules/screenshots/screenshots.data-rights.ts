import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, keysetBatches, scopeWhere } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { screenshots } from './screenshots.table';

// Data export and erasure (issue 33): the screenshots of a scope and their kept files; a VA's erased.

const screenshotsOf = (scope: DataScope) =>
  scopeWhere(scope, {
    organization: screenshots.organizationId,
    va: screenshots.vaId,
    client: screenshots.clientId,
  });

/** The screenshots' rows (the kept ones' image keys among them, which the export copies into the ZIP). */
export const exportScreenshots = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(screenshots)
      .where(and(screenshotsOf(scope), after(screenshots.id, a)))
      .orderBy(screenshots.id)
      .limit(n),
  );

/** The files still kept of a scope's screenshots. */
export const keptScreenshotFiles = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select({ id: screenshots.id, key: screenshots.imageKey, takenAt: screenshots.takenAt })
      .from(screenshots)
      .where(and(screenshotsOf(scope), eq(screenshots.status, 'stored'), after(screenshots.id, a)))
      .orderBy(screenshots.id)
      .limit(n),
  );

/**
 * A VA's screenshots lose their files: the rows stay `expired` without keys (as the retention sweep leaves
 * them, so the shifts' counts hold). Answers the keys, for the caller to delete from storage after the commit.
 */
export async function eraseScreenshotsOf(tx: Tx, organizationId: number, vaId: number): Promise<string[]> {
  const where = and(eq(screenshots.organizationId, organizationId), eq(screenshots.vaId, vaId));
  // The keys before the update (`returning` answers the new values).
  const rows = await tx
    .select({ image: screenshots.imageKey, thumb: screenshots.thumbnailKey })
    .from(screenshots)
    .where(where)
    .for('update');
  await tx.update(screenshots).set({ status: 'expired', imageKey: null, thumbnailKey: null }).where(where);
  return rows.flatMap((r) => [r.image, r.thumb].filter((k): k is string => !!k));
}
