import { msg } from '@vahub/shared/api/messages';
import { SCREENSHOT_MESSAGES as M } from '@vahub/shared/screenshots/messages';
import { and, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { screenshotPolicyOf } from '../organizations/public';
import { removeObjects } from './screenshots.images';
import { screenshots } from './screenshots.table';

const screenshotNotFound = () => new AppError('not_found', M.not_found);

/** The spec's delete without an id. */
export const noScreenshotId = () => new AppError('validation', M.no_id, { id: [M.no_id] });

/**
 * Deletes the row `where` names (locked, so a check before it holds), audits it, and then removes its image
 * and thumbnail from storage. The row is the truth: a storage failure once it is gone is logged, not raised
 * (a leftover object costs space, never shows).
 */
async function deleteScreenshot(
  deps: Deps,
  viewer: Viewer,
  where: SQL,
  check: (row: typeof screenshots.$inferSelect) => void = () => {},
) {
  const row = await deps.transaction(async ({ tx }) => {
    const [found] = await tx.select().from(screenshots).where(where).for('update');
    if (!found) throw screenshotNotFound();
    check(found);
    await tx.delete(screenshots).where(eq(screenshots.id, found.id));
    await audit(tx, {
      organizationId: found.organizationId,
      actorId: viewer.userId,
      action: 'screenshot.deleted',
      entityType: 'screenshot',
      entityId: found.id,
      before: found,
    });
    return found;
  });
  await removeObjects(deps, [row.imageKey, row.thumbnailKey]).catch((err: unknown) => {
    deps.log.warn(
      { err, screenshot_id: row.id, keys: [row.imageKey, row.thumbnailKey] },
      'a deleted screenshot left its files in storage',
    );
  });
  return { message: 'Screenshot deleted' };
}

/** `DELETE admin-access/screenshots/{id}`: any screenshot of the organization. */
export const adminDeleteScreenshot = (deps: Deps, viewer: Viewer, id: number) =>
  deleteScreenshot(
    deps,
    viewer,
    and(eq(screenshots.id, id), eq(screenshots.organizationId, viewer.organizationId)) as SQL,
  );

/**
 * `DELETE va-access/screenshots/{id}`: one of the VA's own (else 404), within the organization's grace after
 * its capture (422 when the grace is over, or when the organization gives none).
 */
export async function vaDeleteScreenshot(deps: Deps, viewer: Viewer, id: number) {
  const { va_delete_grace_minutes: grace } = await screenshotPolicyOf(deps.db, viewer.organizationId);
  const now = deps.clock.now().getTime();
  return deleteScreenshot(
    deps,
    viewer,
    and(
      eq(screenshots.id, id),
      eq(screenshots.organizationId, viewer.organizationId),
      eq(screenshots.vaId, viewer.userId),
    ) as SQL,
    (row) => {
      if (grace <= 0) throw new AppError('validation', M.delete_not_allowed, { id: [M.delete_not_allowed] });
      if (row.takenAt.getTime() + grace * 60_000 < now) {
        const message = msg(M.delete_grace_over, { minutes: grace });
        throw new AppError('validation', message, { id: [message] });
      }
    },
  );
}
