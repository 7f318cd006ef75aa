import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import type { TimesheetPatch } from '@vahub/shared/timesheets/schemas';
import { and, eq } from 'drizzle-orm';
import { AppError, fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx, UnitOfWork } from '../../platform/transaction';
import { shiftsView } from '../attendance/public';
import { freezeSet, thawSet } from './timesheets.figures';
import { assertUnlocked } from './timesheets.locks';
import { findTimesheet } from './timesheets.query';
import { detailOf, TIMESHEET_ENTITY, timesheetNotFound } from './timesheets.reads';
import { timesheets } from './timesheets.table';

type TimesheetRecord = typeof timesheets.$inferSelect;

/**
 * Writes the figures as they stand to `frozen_*` (from the attendance), with the approval, and raises
 * `timesheet.approved` (webhooks) in the same transaction.
 */
export async function freezeApproved(
  deps: Pick<Deps, 'events'>,
  uow: UnitOfWork,
  id: number,
  approvedBy: number | null,
  now: Date,
) {
  const [row] = await uow.tx
    .update(timesheets)
    .set({ ...freezeSet, status: 'approved', approvedBy, approvedAt: now, updatedAt: now })
    .from(shiftsView)
    .where(and(eq(timesheets.id, id), eq(shiftsView.id, timesheets.attendanceId)))
    .returning({
      organizationId: timesheets.organizationId,
      attendanceId: timesheets.attendanceId,
      vaId: timesheets.vaId,
      clientId: timesheets.clientId,
    });
  if (row)
    await deps.events.raise(uow, row.organizationId, 'timesheet.approved', {
      timesheet_id: id,
      attendance_id: row.attendanceId,
      va_id: row.vaId,
      client_id: row.clientId,
      approved_by: approvedBy,
      automatic: approvedBy === null,
    });
}

const log = (tx: Tx, viewer: Viewer, id: number, action: string, after: Record<string, unknown>) =>
  audit(tx, {
    organizationId: viewer.organizationId,
    actorId: viewer.userId,
    action,
    entityType: TIMESHEET_ENTITY,
    entityId: id,
    after,
  });

/**
 * An approved timesheet is frozen: only an admin's `status: pending` reopens it (and may come with other
 * changes, which then apply to the reopened one). A manager's reopen is refused with its own message.
 */
async function reopenIfAsked(tx: Tx, viewer: Viewer, ts: TimesheetRecord, body: TimesheetPatch, now: Date) {
  if (ts.status !== 'approved') return ts;
  if (body.status !== 'pending') throw fieldError('status', M.frozen);
  if (!viewer.isAdmin) throw new AppError('forbidden', M.reopen_admin_only);
  const [row] = await tx
    .update(timesheets)
    .set({ ...thawSet, status: 'pending', approvedBy: null, approvedAt: null, updatedAt: now })
    .where(eq(timesheets.id, ts.id))
    .returning();
  await log(tx, viewer, ts.id, 'reopened', { from: 'approved', to: 'pending' });
  return row;
}

async function adjust(tx: Tx, viewer: Viewer, ts: TimesheetRecord, body: TimesheetPatch, now: Date) {
  const to = body.adjustment_minutes;
  const adjusting = to !== undefined && to !== ts.adjustmentMinutes;
  if (adjusting && !body.note) throw fieldError('note', M.note_required);
  const noteChanged = body.note !== undefined && (body.note || null) !== ts.note;
  if (!adjusting && !noteChanged) return;
  await tx
    .update(timesheets)
    .set({
      ...(adjusting ? { adjustmentMinutes: to } : {}),
      note: body.note || null,
      // The client decided on other figures: the week waits for them again.
      ...(adjusting && ts.clientStatus !== 'waiting' ? { clientStatus: 'waiting' as const } : {}),
      updatedAt: now,
    })
    .where(eq(timesheets.id, ts.id));
  if (adjusting)
    await log(tx, viewer, ts.id, 'adjusted', { from: ts.adjustmentMinutes, to, note: body.note ?? null });
}

async function decide(
  deps: Deps,
  uow: UnitOfWork,
  viewer: Viewer,
  ts: TimesheetRecord,
  body: TimesheetPatch,
  now: Date,
) {
  const { tx } = uow;
  const status = body.status;
  if (!status || status === ts.status) return;
  if (status === 'approved') await freezeApproved(deps, uow, ts.id, viewer.userId, now);
  else
    await tx
      .update(timesheets)
      .set({ status, approvedBy: null, approvedAt: null, updatedAt: now })
      .where(eq(timesheets.id, ts.id));
  await log(tx, viewer, ts.id, status, { from: ts.status, to: status, note: body.note ?? ts.note });
}

/**
 * `PATCH timesheets/{id}` (admin; a manager within scope, else 404): adjusts with a reason and/or decides, in one
 * transaction with the row locked. The tracked figures are never written: an adjustment is its own column, and
 * approval copies the figures as they stand into `frozen_*`.
 */
export async function updateTimesheet(deps: Deps, viewer: Viewer, id: number, body: TimesheetPatch) {
  const now = deps.clock.now();
  await deps.transaction(async (uow) => {
    const { tx } = uow;
    if (!(await findTimesheet(tx, viewer, id))) throw timesheetNotFound();
    const [locked] = await tx.select().from(timesheets).where(eq(timesheets.id, id)).for('update');
    if (!locked) throw timesheetNotFound();
    // On an issued invoice or an approved/paid payroll run: nothing changes until it is voided (issue 30).
    await assertUnlocked(tx, [id]);
    const open = await reopenIfAsked(tx, viewer, locked, body, now);
    await adjust(tx, viewer, open, body, now);
    await decide(deps, uow, viewer, open, body, now);
  });
  const row = await findTimesheet(deps.db, viewer, id);
  if (!row) throw timesheetNotFound();
  return detailOf(deps.db, viewer, row);
}
