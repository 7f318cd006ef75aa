import { randomUUID } from 'node:crypto';
import { msg } from '@vahub/shared/api/messages';
import { SCREENSHOT_MESSAGES as M } from '@vahub/shared/screenshots/messages';
import { type DECLINE_REASONS, privacyAllowsImages, SCREENSHOTS } from '@vahub/shared/screenshots/schemas';
import { and, asc, eq, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Tx, UnitOfWork } from '../../platform/transaction';
import { appendLog, ongoingShiftOf } from '../attendance/public';
import { trackingTermsOf } from '../contracts/public';
import { findPersonWithRole, isInViewerScope } from '../people/public';
import { screenshotRequests, screenshots } from './screenshots.table';

export const REQUEST_TIMEOUT_QUEUE = 'screenshots.request-timeout';
export const REQUEST_SWEEP_QUEUE = 'screenshots.request-sweep';

type RequestRow = typeof screenshotRequests.$inferSelect;

/** A 422 about the request as a whole: `message` carries the catalog's text. */
const refuse = (message: string) => new AppError('validation', message, { user_id: [message] });

const DECLINE_WORDS: Record<(typeof DECLINE_REASONS)[number], string> = {
  cannot_capture: 'it cannot capture the screen now',
  not_tracking: 'it is not tracking time',
  error: 'an error occurred',
};

/**
 * `POST screenshots/take {user_id}`: asks the VA's trackers for a capture now. The VA must be in the viewer's
 * scope (else 404), on a shift the viewer sees, under a tier that allows images and (for managers and
 * clients) on-demand captures, with a tracker connected that can capture. The request waits 30 s for an
 * image; its timeout job then fails it and tells the requester.
 */
export async function takeScreenshot(deps: Deps, viewer: Viewer, vaId: number) {
  const va = await findPersonWithRole(deps.db, viewer.organizationId, vaId, 'va');
  if (!va || !(await isInViewerScope(deps.db, viewer, 'vas', vaId))) throw notFound('User');
  const shift = await ongoingShiftOf(deps.db, viewer, vaId);
  if (!shift) throw refuse(msg(M.take_no_shift, { name: va.name }));
  const terms = (await trackingTermsOf(deps.db, [shift.contractId])).get(shift.contractId);
  if (!terms || !privacyAllowsImages(terms.screenshotPrivacy)) throw refuse(M.take_not_allowed);
  // The admin may ask even where the contract turned on-demand captures off; nobody overrides the tier.
  if (!terms.screenshotsOnDemand && !viewer.isAdmin) throw refuse(M.take_on_demand_off);
  const trackers = await deps.realtime.connectionsOf(vaId);
  if (!trackers.some((c) => c.capture && c.organizationId === viewer.organizationId))
    throw refuse(msg(M.take_no_tracker, { name: va.name }));

  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SCREENSHOTS.requestTimeoutSeconds * 1000);
  const id = randomUUID();
  await deps.transaction(async (uow) => {
    await uow.tx.insert(screenshotRequests).values({
      id,
      organizationId: viewer.organizationId,
      vaId,
      attendanceId: shift.id,
      requestedBy: viewer.userId,
      createdAt: now,
      expiresAt,
    });
    await appendLog(uow.tx, shift, {
      type: 'screenshot_requested',
      at: now,
      actorId: viewer.userId,
      details: { request_id: id },
    });
    await deps.jobs.send(uow, REQUEST_TIMEOUT_QUEUE, { request_id: id }, { startAfter: expiresAt });
    deps.realtime.publishAfterCommit(
      uow,
      { type: 'screenshot.request', data: { request_id: id, attendance_id: shift.id } },
      { userIds: [vaId] },
    );
  });
  return { request_id: id, expires_at: expiresAt.toISOString() };
}

/**
 * Fails a pending request (locked by the caller) and tells its requester why, once committed. The event
 * `screenshot.failed` is raised in the same transaction, so the requester's notification exists exactly
 * when the failure does.
 */
async function failRequest(
  deps: Pick<Deps, 'realtime' | 'events'>,
  uow: UnitOfWork,
  row: RequestRow,
  reason: string,
) {
  await uow.tx
    .update(screenshotRequests)
    .set({ status: 'failed', reason })
    .where(eq(screenshotRequests.id, row.id));
  await deps.events.raise(uow, row.organizationId, 'screenshot.failed', {
    request_id: row.id,
    va_id: row.vaId,
    requested_by: row.requestedBy,
    reason,
  });
  if (row.requestedBy)
    deps.realtime.publishAfterCommit(
      uow,
      { type: 'screenshot.failed', data: { request_id: row.id, reason } },
      { userIds: [row.requestedBy] },
    );
}

/** The viewer's (a VA's) request `id` in their organization, with one more condition. */
const vaRequest = (viewer: Viewer, id: string, also: SQL) =>
  and(
    eq(screenshotRequests.id, id),
    eq(screenshotRequests.organizationId, viewer.organizationId),
    eq(screenshotRequests.vaId, viewer.userId),
    also,
  );

/** `POST va-access/screenshot-requests/{id}/decline`: the VA's tracker cannot capture; the requester hears it now. */
export async function declineRequest(
  deps: Deps,
  viewer: Viewer,
  id: string,
  body: { reason: (typeof DECLINE_REASONS)[number]; detail?: string },
) {
  await deps.transaction(async (uow) => {
    const [row] = await uow.tx
      .select()
      .from(screenshotRequests)
      .where(vaRequest(viewer, id, eq(screenshotRequests.status, 'pending')))
      .for('update');
    if (!row) throw new AppError('not_found', M.request_unknown);
    const words = body.detail?.trim() || DECLINE_WORDS[body.reason];
    await failRequest(deps, uow, row, msg(M.take_declined, { reason: words }));
  });
  return null;
}

const TIMEOUT_REASON = msg(M.take_timeout, { seconds: SCREENSHOTS.requestTimeoutSeconds });
const SWEEP_BATCH = 100;

/**
 * Fails the pending requests whose time is up (every one, or only `id`), and tells their requesters. The
 * timeout job runs it for its request when the 30 s are over; a minute's sweep catches any job that was lost
 * or ran early. Answers how many failed.
 */
export async function expireScreenshotRequests(
  deps: Pick<Deps, 'transaction' | 'clock' | 'realtime' | 'events'>,
  id?: string,
): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await deps.transaction(async (uow) => {
      const rows = await uow.tx
        .select()
        .from(screenshotRequests)
        .where(
          and(
            eq(screenshotRequests.status, 'pending'),
            lte(screenshotRequests.expiresAt, deps.clock.now()),
            id ? eq(screenshotRequests.id, id) : undefined,
          ),
        )
        .orderBy(asc(screenshotRequests.expiresAt))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) await failRequest(deps, uow, row, TIMEOUT_REASON);
      return rows.length;
    });
    total += done;
    if (done < SWEEP_BATCH) return total;
  }
}

/** The VA's request `id` for this attendance that a capture may still answer, or null. */
export async function pendingRequestOf(db: Db, viewer: Viewer, id: string, attendanceId: number) {
  const [row] = await db
    .select()
    .from(screenshotRequests)
    .where(vaRequest(viewer, id, eq(screenshotRequests.attendanceId, attendanceId)));
  return row && row.status !== 'failed' ? row : null;
}

/**
 * Fulfils the request with this screenshot. Another screen of the same capture may follow the first: a
 * request already fulfilled by a capture at the same instant still counts. Answers whether it did.
 */
export async function fulfilRequest(tx: Tx, viewer: Viewer, id: string, screenshotId: number) {
  const [row] = await tx
    .select()
    .from(screenshotRequests)
    .where(and(eq(screenshotRequests.id, id), eq(screenshotRequests.vaId, viewer.userId)))
    .for('update');
  if (!row || row.status === 'failed') return false;
  if (row.status === 'pending') {
    await tx
      .update(screenshotRequests)
      .set({ status: 'fulfilled', screenshotId })
      .where(eq(screenshotRequests.id, id));
    return true;
  }
  if (!row.screenshotId) return false;
  const [first, mine] = await Promise.all(
    [row.screenshotId, screenshotId].map((sid) =>
      tx
        .select({ takenAt: screenshots.takenAt })
        .from(screenshots)
        .where(eq(screenshots.id, sid))
        .then((r) => r[0]?.takenAt.getTime()),
    ),
  );
  return first !== undefined && first === mine;
}
