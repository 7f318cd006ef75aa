import { and, eq, type SQL } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { removeFile } from './requests.attachments';
import { undoEffect } from './requests.effects';
import { requestNotFound } from './requests.reads';
import { auditRequest, raiseDeleted } from './requests.record';
import { lockContractRequests, lockRequest } from './requests.repository';
import { requestScope } from './requests.scope';
import { userRequests } from './requests.table';

/**
 * `DELETE admin-access/user-requests/{id}`: an approved request is undone first (its shifts back from leave, its
 * overtime off the timesheet, its make-up shift gone unless it started: then 422 and nothing changes), then the
 * row goes with an audit entry and `request.deleted` (the VA is told), and its attachment leaves storage once the
 * deletion committed.
 */
export async function deleteRequest(deps: Deps, viewer: Viewer, id: number) {
  const now = deps.clock.now();
  const fileKey = await deps.transaction(async (uow) => {
    const before = await lockRequest(uow.tx, and(eq(userRequests.id, id), requestScope(viewer)) as SQL);
    if (!before) throw requestNotFound();
    if (before.status === 'approved') {
      await lockContractRequests(uow.tx, before.contractId);
      await undoEffect(deps, uow, before, now);
    }
    await uow.tx.delete(userRequests).where(eq(userRequests.id, before.id));
    await auditRequest(uow, viewer.userId, 'deleted', before, null);
    await raiseDeleted(deps, uow, before, viewer.userId);
    return before.fileKey;
  });
  await removeFile(deps, fileKey);
  return { message: 'Request deleted' };
}
