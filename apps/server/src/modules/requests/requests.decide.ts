import { msg } from '@vahub/shared/api/messages';
import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import type { DecideRequest } from '@vahub/shared/requests/schemas';
import { and, eq, type SQL } from 'drizzle-orm';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../platform/transaction';
import { requestTermsOf } from '../contracts/public';
import { applyEffect, undoEffect } from './requests.effects';
import { requestDetail, requestNotFound } from './requests.reads';
import { auditRequest, raiseCancelled, raiseDecided } from './requests.record';
import { lockContractRequests, lockRequest } from './requests.repository';
import { planRequest } from './requests.rules';
import { requestScope } from './requests.scope';
import { type UserRequestRow, userRequests } from './requests.table';

type Changes = Partial<typeof userRequests.$inferInsert>;

/** An approval: the rules again as they stand now (approved requests only), then the effect. */
async function approve(deps: Deps, uow: UnitOfWork, r: UserRequestRow, now: Date): Promise<Changes> {
  const terms = await requestTermsOf(uow.tx, r.contractId, r.organizationId);
  if (!terms) throw requestNotFound();
  const plan = await planRequest(
    uow.tx,
    terms,
    {
      type: r.type,
      targetStartDate: r.targetStartDate,
      targetEndDate: r.targetEndDate,
      attendanceId: r.attendanceId,
      minutes: r.minutes,
      mus: r.mus,
    },
    { now, moment: 'approve', exceptId: r.id },
  );
  const { makeupAttendanceId } = await applyEffect(deps, uow, terms, { ...plan, type: r.type }, now);
  // The days are counted again: the schedule may have changed since the VA asked.
  return { ...plan, makeupAttendanceId };
}

/**
 * `PATCH user-requests/{id}` (admin; a manager for the VAs in their scope, else 404): pending → approved or
 * rejected, or a decided request the other way (a reversal, which undoes or applies the effect). A rejection and
 * a reversal need a note; a cancelled request cannot be decided. The row is locked, so of two deciders at once
 * the second sees the first's decision; the effect, the audit entry and `request.decided` share the transaction.
 */
export async function decideRequest(deps: Deps, viewer: Viewer, id: number, body: DecideRequest) {
  const now = deps.clock.now();
  await deps.transaction(async (uow) => {
    const before = await lockRequest(uow.tx, and(eq(userRequests.id, id), requestScope(viewer)) as SQL);
    if (!before) throw requestNotFound();
    if (before.status === 'cancelled') throw fieldError('status', M.not_cancellable);
    if (before.status === body.status)
      throw fieldError('status', msg(M.same_decision, { status: before.status }));
    const reversed = before.status !== 'pending';
    const note = body.note || null;
    if ((body.status === 'rejected' || reversed) && !note) throw fieldError('note', M.note_required);

    await lockContractRequests(uow.tx, before.contractId);
    let changes: Changes = {};
    if (body.status === 'approved') changes = await approve(deps, uow, before, now);
    else if (before.status === 'approved') {
      await undoEffect(deps, uow, before, now);
      changes = { makeupAttendanceId: null };
    }
    const [after] = await uow.tx
      .update(userRequests)
      .set({
        ...changes,
        status: body.status,
        decidedBy: viewer.userId,
        decidedAt: now,
        decisionNote: note,
        updatedAt: now,
      })
      .where(eq(userRequests.id, before.id))
      .returning();
    await auditRequest(uow, viewer.userId, body.status, before, after);
    await raiseDecided(deps, uow, after, reversed, viewer.userId);
  });
  return requestDetail(deps, viewer, id);
}

/** `DELETE va-access/user-requests/{id}`: the VA cancels one of their own pending requests (else 422). */
export async function cancelRequest(deps: Deps, viewer: Viewer, id: number) {
  const now = deps.clock.now();
  await deps.transaction(async (uow) => {
    const before = await lockRequest(uow.tx, and(eq(userRequests.id, id), requestScope(viewer)) as SQL);
    if (!before) throw requestNotFound();
    if (before.status !== 'pending')
      throw fieldError('status', msg(M.not_pending, { status: before.status }));
    const [after] = await uow.tx
      .update(userRequests)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(userRequests.id, before.id))
      .returning();
    await auditRequest(uow, viewer.userId, 'cancelled', before, after);
    await raiseCancelled(deps, uow, after, viewer.userId);
  });
  return requestDetail(deps, viewer, id);
}
