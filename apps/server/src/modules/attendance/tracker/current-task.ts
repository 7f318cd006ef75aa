import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import type { SetCurrentTaskInput } from '@vahub/shared/attendance/tracker-protocol';
import { and, eq, type SQL } from 'drizzle-orm';
import { fieldError, notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { taskChoicePort } from '../attendance.ports';
import { attendances } from '../attendance.table';
import { refuse } from './shift';
import { lockAttendance } from './tracker.repository';

/**
 * `PUT va-access/attendance/current-task`: what the VA's ongoing shift works on. The shift must be the VA's
 * own (else 404) and ongoing (else 422); a task the shift may not name (`taskChoicePort`: the projects module
 * knows the tasks) is refused (422 on `task`). The VA's trackers hear it after commit
 * (`attendance.task`, to the VA's own sockets) and name it on their pings from then on.
 */
export async function setCurrentTask(deps: Deps, viewer: Viewer, input: SetCurrentTaskInput) {
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
    if (task) {
      const shift = { attendanceId: row.id, contractId: row.contractId, clientId: row.clientId };
      const verdict = await taskChoicePort.get().checkTasks(uow.tx, row.organizationId, shift, [task]);
      const refusal = verdict(task);
      if (refusal) throw fieldError('task', refusal);
    }
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
