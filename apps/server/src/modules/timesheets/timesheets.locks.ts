import { msg } from '@vahub/shared/api/messages';
import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import type { TimesheetLockKind } from '@vahub/shared/timesheets/schemas';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import type { Tx } from '../../platform/transaction';
import { timesheetLocks, timesheets } from './timesheets.table';

/** The 409 a change of a locked timesheet answers: it names the invoice or the payroll run. */
export const lockedError = (kind: TimesheetLockKind, label: string) =>
  new AppError('conflict', msg(kind === 'invoice' ? M.locked_invoice : M.locked_payroll, { label }));

/** Refuses (409) when any of these timesheets is locked by an invoice or a payroll run. */
export async function assertUnlocked(tx: Tx, timesheetIds: number[]) {
  if (!timesheetIds.length) return;
  const [lock] = await tx
    .select({ kind: timesheetLocks.kind, label: timesheetLocks.label })
    .from(timesheetLocks)
    .where(inArray(timesheetLocks.timesheetId, timesheetIds))
    .orderBy(timesheetLocks.kind)
    .limit(1);
  if (lock) throw lockedError(lock.kind, lock.label);
}

export type LockRequest = {
  organizationId: number;
  kind: TimesheetLockKind;
  ownerId: number;
  label: string;
  timesheetIds: number[];
};

/**
 * Locks these timesheets for an owner (an invoice, a payroll run) inside the caller's transaction: the timesheet
 * rows are locked `FOR UPDATE` first (so a concurrent reopen waits, then sees the lock), then the lock rows are
 * written. Refuses (409 naming the other owner) a timesheet another owner of the same kind holds; answers the
 * timesheets as they are now (status, client status) so the caller can check they still qualify.
 */
export async function lockTimesheets(tx: Tx, req: LockRequest) {
  if (!req.timesheetIds.length) return [];
  const rows = await tx
    .select({ id: timesheets.id, status: timesheets.status, clientStatus: timesheets.clientStatus })
    .from(timesheets)
    .where(and(eq(timesheets.organizationId, req.organizationId), inArray(timesheets.id, req.timesheetIds)))
    .orderBy(timesheets.id)
    .for('update');
  const [other] = await tx
    .select({ label: timesheetLocks.label })
    .from(timesheetLocks)
    .where(
      and(
        inArray(timesheetLocks.timesheetId, req.timesheetIds),
        eq(timesheetLocks.kind, req.kind),
        ne(timesheetLocks.ownerId, req.ownerId),
      ),
    )
    .limit(1);
  if (other) throw lockedError(req.kind, other.label);
  await tx
    .insert(timesheetLocks)
    .values(
      rows.map((r) => ({
        timesheetId: r.id,
        organizationId: req.organizationId,
        kind: req.kind,
        ownerId: req.ownerId,
        label: req.label,
      })),
    )
    .onConflictDoNothing();
  return rows;
}

/** Releases every lock of an owner (a voided invoice). Answers how many timesheets it freed. */
export async function releaseLocks(tx: Tx, kind: TimesheetLockKind, ownerId: number) {
  const freed = await tx
    .delete(timesheetLocks)
    .where(and(eq(timesheetLocks.kind, kind), eq(timesheetLocks.ownerId, ownerId)))
    .returning({ id: timesheetLocks.timesheetId });
  return freed.length;
}
