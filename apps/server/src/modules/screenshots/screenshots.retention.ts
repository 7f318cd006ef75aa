import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import { screenshotPolicies } from '../organizations/public';
import { removeObjects } from './screenshots.images';
import { screenshots } from './screenshots.table';

export const RETENTION_QUEUE = 'screenshots.retention';

/** Screenshots a batch handles: one storage delete call and one short transaction each. */
const BATCH = 500;
const DAY = 86_400_000;

type RetentionDeps = Pick<Deps, 'db' | 'transaction' | 'clock' | 'storage' | 'log'>;

/**
 * Daily: removes the images and thumbnails taken longer ago than each organization's `retention_days`, in
 * batches; their rows become `expired` with no keys, so counts and activity stay. The objects go first: a
 * failure leaves the rows stored, and the next run deletes them again (deleting a missing key is no error).
 * Answers how many screenshots expired.
 */
export async function retentionSweep(deps: RetentionDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  let total = 0;
  for (const [organizationId, policy] of await screenshotPolicies(deps.db)) {
    const before = new Date(now - policy.retention_days * DAY);
    for (;;) {
      const rows = await deps.db
        .select({
          id: screenshots.id,
          imageKey: screenshots.imageKey,
          thumbnailKey: screenshots.thumbnailKey,
        })
        .from(screenshots)
        .where(
          and(
            eq(screenshots.organizationId, organizationId),
            eq(screenshots.status, 'stored'),
            lt(screenshots.takenAt, before),
          ),
        )
        .orderBy(asc(screenshots.takenAt))
        .limit(BATCH);
      if (!rows.length) break;
      await removeObjects(
        deps,
        rows.flatMap((r) => [r.imageKey, r.thumbnailKey]),
      );
      await deps.transaction(({ tx }) =>
        tx
          .update(screenshots)
          .set({ status: 'expired', imageKey: null, thumbnailKey: null })
          .where(
            inArray(
              screenshots.id,
              rows.map((r) => r.id),
            ),
          ),
      );
      total += rows.length;
      if (rows.length < BATCH) break;
    }
  }
  if (total) deps.log.info({ expired: total }, 'screenshot retention removed old images');
  return total;
}
