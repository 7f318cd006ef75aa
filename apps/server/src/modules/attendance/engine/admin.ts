import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import type { Attendance, fixDateSchema, resetUpcomingSchema } from '@vahub/shared/attendance/schemas';
import { clipToContract, type Shift, shiftOn } from '@vahub/shared/time/shifts';
import { instantToZoned } from '@vahub/shared/time/zoned';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError, notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { audit } from '../../../platform/audit-trail';
import type { Tx } from '../../../platform/transaction';
import { type EngineContract, engineContract } from '../../contracts/public';
import { announceAttendance } from '../attendance.announce';
import { appendLog } from '../attendance.logs';
import { toAttendance } from '../attendance.mapper';
import { attendances } from '../attendance.table';
import { rebuildContractWindow } from './window';

type Row = typeof attendances.$inferSelect;

/** `POST attendance/reset-upcoming`: rebuilds one active contract's window now (audited). */
export async function resetUpcoming(deps: Deps, viewer: Viewer, input: z.output<typeof resetUpcomingSchema>) {
  return deps.transaction(async (uow) => {
    const contract = await engineContract(uow.tx, input.contract_id, {
      organizationId: viewer.organizationId,
    });
    if (!contract) throw notFound('Contract');
    if (contract.status !== 'active') throw fieldError('contract_id', M.contract_not_active);
    const result = await rebuildContractWindow(deps, uow, contract.id, deps.clock.now());
    await audit(uow.tx, {
      organizationId: contract.organizationId,
      actorId: viewer.userId,
      action: 'attendance.upcoming_reset',
      entityType: 'contract',
      entityId: contract.id,
      after: result,
    });
    return { contract_id: contract.id, ...result };
  });
}

/**
 * The shift `row` becomes on `date`: its schedule's wall times there. A row whose block was deleted (it is
 * about to go at the next rebuild, but may still be moved) keeps its own wall times.
 */
function shiftFor(row: Row, contract: EngineContract, date: string): Shift {
  const block = contract.schedules.find((b) => b.id === row.scheduleId);
  if (block) return shiftOn(block, date, contract.timezone);
  const start = instantToZoned(row.scheduledStartAt, row.timezone).minute;
  const end = instantToZoned(row.scheduledEndAt, row.timezone).minute;
  return shiftOn({ id: 0, weekday: 1, start_minute: start, end_minute: end }, date, contract.timezone);
}

async function assertFree(tx: Tx, row: Row, date: string, shift: Shift) {
  if (row.scheduleId !== null) {
    const [taken] = await tx
      .select({ id: attendances.id })
      .from(attendances)
      .where(
        and(
          eq(attendances.contractId, row.contractId),
          eq(attendances.scheduleId, row.scheduleId),
          eq(attendances.date, date),
          ne(attendances.id, row.id),
        ),
      )
      .limit(1);
    if (taken) throw fieldError('date', M.fix_date_taken);
  }
  // Any of the VA's shifts, of any contract: a VA cannot work two at once.
  const [clash] = await tx
    .select({ id: attendances.id })
    .from(attendances)
    .where(
      and(
        eq(attendances.vaId, row.vaId),
        ne(attendances.id, row.id),
        lt(attendances.scheduledStartAt, shift.endAt),
        gt(attendances.scheduledEndAt, shift.startAt),
      ),
    )
    .limit(1);
  if (clash) throw fieldError('date', M.fix_date_overlap);
}

/**
 * `POST attendance/fix-date`: moves one upcoming shift to its schedule's wall times on another local date
 * (audited, logged `date_fixed`). The row remembers the date its schedule first gave it (`date_fixed_from`),
 * so a rebuild keeps the move and does not build that date's shift again; moving it back clears the mark.
 */
export async function fixDate(
  deps: Deps,
  viewer: Viewer,
  input: z.output<typeof fixDateSchema>,
): Promise<Attendance> {
  return deps.transaction(async (uow) => {
    const { tx } = uow;
    const [row] = await tx
      .select()
      .from(attendances)
      .where(
        and(eq(attendances.id, input.attendance_id), eq(attendances.organizationId, viewer.organizationId)),
      )
      .for('update');
    if (!row) throw notFound('Attendance');
    if (row.status !== 'upcoming') throw fieldError('attendance_id', M.fix_date_status);
    const contract = await engineContract(tx, row.contractId, { lock: true });
    if (!contract) throw notFound('Attendance');
    const now = deps.clock.now();
    if (!clipToContract({ from: input.date, to: input.date }, contract)) {
      throw fieldError('date', M.fix_date_outside);
    }
    const shift = shiftFor(row, contract, input.date);
    if (shift.endAt <= now) throw fieldError('date', M.fix_date_past);
    await assertFree(tx, row, input.date, shift);

    const origin = row.dateFixedFrom ?? row.date;
    const [moved] = await tx
      .update(attendances)
      .set({
        date: input.date,
        timezone: contract.timezone,
        scheduledStartAt: shift.startAt,
        scheduledEndAt: shift.endAt,
        // Back on the date the schedule gave it: an ordinary shift again.
        dateFixedFrom: origin === input.date ? null : origin,
        // A new start: the late alert applies to it afresh.
        lateAlertedAt: null,
        updatedAt: now,
      })
      .where(eq(attendances.id, row.id))
      .returning();
    const before = {
      date: row.date,
      scheduled_start_at: row.scheduledStartAt.toISOString(),
      scheduled_end_at: row.scheduledEndAt.toISOString(),
    };
    const after = {
      date: moved.date,
      scheduled_start_at: moved.scheduledStartAt.toISOString(),
      scheduled_end_at: moved.scheduledEndAt.toISOString(),
    };
    await appendLog(tx, moved, {
      type: 'date_fixed',
      at: now,
      actorId: viewer.userId,
      details: { from: before, to: after },
    });
    await audit(tx, {
      organizationId: row.organizationId,
      actorId: viewer.userId,
      action: 'attendance.date_fixed',
      entityType: 'attendance',
      entityId: row.id,
      before,
      after,
    });
    announceAttendance(deps, uow, moved);
    return toAttendance(moved);
  });
}
