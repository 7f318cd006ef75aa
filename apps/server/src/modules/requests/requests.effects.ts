import { REQUEST_MESSAGES as M } from '@vahub/shared/requests/messages';
import { isLeaveType, type RequestEffect } from '@vahub/shared/requests/schemas';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { UnitOfWork } from '../../platform/transaction';
import {
  createMakeupShift,
  leaveShifts,
  markOnLeave,
  removeMakeupShift,
  returnFromLeave,
} from '../attendance/public';
import type { RequestTerms } from '../contracts/public';
import { addOvertimeMinutes, timesheetIdOf } from '../timesheets/public';
import type { Plan } from './requests.rules';
import type { UserRequestRow } from './requests.table';

// What approving a request does, how a reversal undoes it, and what the detail shows of it (DOMAIN.md
// "Requests"). Effects run in the transaction that changes the request's status.

type Effects = Pick<Deps, 'realtime'>;
type Stored = Pick<
  UserRequestRow,
  | 'type'
  | 'status'
  | 'contractId'
  | 'targetStartDate'
  | 'targetEndDate'
  | 'attendanceId'
  | 'minutes'
  | 'musStartAt'
  | 'musEndAt'
  | 'makeupAttendanceId'
>;

const rangeOf = (r: { targetStartDate: string; targetEndDate: string }) => ({
  from: r.targetStartDate,
  to: r.targetEndDate,
});

/**
 * Applies an approval: a leave puts the contract's never-started shifts of its dates on leave; overtime adds its
 * minutes to the shift's timesheet; a make-up shift becomes an attendance. Answers the make-up attendance's id.
 */
export async function applyEffect(
  deps: Effects,
  uow: UnitOfWork,
  terms: RequestTerms,
  plan: Plan & { type: UserRequestRow['type'] },
  now: Date,
): Promise<{ makeupAttendanceId: number | null }> {
  if (isLeaveType(plan.type)) {
    await markOnLeave(deps, uow, terms.id, rangeOf(plan), now);
    return { makeupAttendanceId: null };
  }
  if (plan.type === 'overtime') {
    const timesheet = plan.attendanceId
      ? await addOvertimeMinutes(uow.tx, plan.attendanceId, plan.minutes ?? 0, now)
      : null;
    // A started shift always has its timesheet (the database makes it); one without is not a worked shift.
    if (timesheet === null) throw fieldError('attendance_id', M.attendance_not_worked);
    return { makeupAttendanceId: null };
  }
  if (!plan.mus || !plan.musStartAt || !plan.musEndAt) throw fieldError('mus', M.mus_required);
  const row = await createMakeupShift(
    deps,
    uow,
    {
      organizationId: terms.organizationId,
      contractId: terms.id,
      vaId: terms.vaId,
      clientId: terms.clientId,
      date: plan.mus.date,
      timezone: terms.timezone,
      startAt: plan.musStartAt,
      endAt: plan.musEndAt,
    },
    now,
  );
  return { makeupAttendanceId: row.id };
}

/**
 * Undoes an approved request's effect (a reversal, or an admin deleting it): its shifts come back from leave,
 * its overtime leaves the timesheet, its make-up shift goes unless it has started (then 422: it happened).
 */
export async function undoEffect(deps: Effects, uow: UnitOfWork, r: Stored, now: Date) {
  if (isLeaveType(r.type)) {
    await returnFromLeave(deps, uow, r.contractId, rangeOf(r), now);
    return;
  }
  if (r.type === 'overtime') {
    // The shift may have been deleted since (its timesheet with it): nothing is left to take back.
    if (r.attendanceId) await addOvertimeMinutes(uow.tx, r.attendanceId, -(r.minutes ?? 0), now);
    return;
  }
  if (!r.makeupAttendanceId) return;
  const outcome = await removeMakeupShift(deps, uow, r.makeupAttendanceId);
  if (outcome === 'started') throw fieldError('status', M.mus_past);
}

/**
 * What approving does (pending, or rejected: a reversal would approve it) or did (approved); nothing for a
 * cancelled request.
 */
export async function effectOf(db: Db, r: Stored): Promise<RequestEffect | null> {
  if (r.status === 'cancelled') return null;
  const none = { shifts: [], overtime_minutes: null, timesheet_id: null, makeup: null };
  if (isLeaveType(r.type)) {
    const rows = await leaveShifts(db, r.contractId, rangeOf(r), r.status === 'approved' ? 'did' : 'would');
    return {
      ...none,
      kind: 'leave',
      shifts: rows.map((a) => ({
        attendance_id: a.id,
        date: a.date,
        scheduled_start_at: a.scheduledStartAt.toISOString(),
        scheduled_end_at: a.scheduledEndAt.toISOString(),
        status: a.status,
      })),
    };
  }
  if (r.type === 'overtime')
    return {
      ...none,
      kind: 'overtime',
      overtime_minutes: r.minutes,
      timesheet_id: r.attendanceId ? await timesheetIdOf(db, r.attendanceId) : null,
    };
  if (!r.musStartAt || !r.musEndAt) return null;
  return {
    ...none,
    kind: 'mus',
    makeup: {
      start_at: r.musStartAt.toISOString(),
      end_at: r.musEndAt.toISOString(),
      attendance_id: r.status === 'approved' ? r.makeupAttendanceId : null,
    },
  };
}
