import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import type { SetCurrentTaskInput } from '@vahub/shared/attendance/tracker-protocol';
import { and, eq, type SQL } from 'drizzle-orm';
import { notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import type { Tx } from '../../../platform/transaction';
import { attendances } from '../attendance.table';
import { refuse } from './shift';
import { lockAttendance } from './tracker.repository';

/** What the caller checks a task against: the shift's contract and client. */
export type ShiftOfTask = { attendanceId: number; contractId: number; clientId: number };

/**
 * `PUT va-access/attendance/current-task`: what the VA's ongoing shift works on. The shift must be the VA's
 * own (else 404) and ongoing (else 422); `check` (the projects module, which knows the tasks) refuses a task
 * that may not be tracked under the shift's contract. The VA's trackers hear it after commit
 * (`attendance.task`, to the VA's own sockets) and name it on their pings from then on.
 */
export async function setCurrentTask(
  deps: Deps,
  viewer: Viewer,
  input: SetCurrentTaskInput,
  check: (tx: Tx, shift: ShiftOfTask) => Promise<void>,
) {
  return deps.transaction(async (uow) => {
    const where = and(
      eq(attendances.id, input.attendance_id),
      eq(attendances.organizationId, viewer.organizationId),
      eq(attendances.vaId, viewer.userId),
    ) as SQL;
    const row = await lockAttendance(uow.tx, where);
    if (!row) throw notFound('Attendance');
    if (row.status !== 'ongoing') throw refuse(M.not_ongoing);
    const { task } = input;
    if (task)
      await check(uow.tx, { attendanceId: row.id, contractId: row.contractId, clientId: row.clientId });
    await uow.tx
      .update(attendances)
      .set({
        currentTaskId: task?.kind === 'task' ? task.id : null,
        currentGeneralTaskId: task?.kind === 'general' ? task.id : null,
      })
      .where(eq(attendances.id, row.id));
    deps.realtime.publishAfterCommit(
      uow,
      { type: 'attendance.task', data: { attendance_id: row.id, task } },
      { userIds: [row.vaId] },
    );
    return { attendance_id: row.id, task };
  });
}
