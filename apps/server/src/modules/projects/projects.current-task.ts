import type { SetCurrentTaskInput } from '@vahub/shared/attendance/tracker-protocol';
import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import { and, eq } from 'drizzle-orm';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { type ShiftOfTask, setCurrentTask } from '../attendance/public';
import { generalTasks, projects, tasks } from './projects.table';

/**
 * Whether the shift may name this task: a task of an active project of the shift's client (done or not: the
 * VA may still wrap it up), or an active general task of the organization. Else 422 on `task`.
 */
async function assertTrackable(
  tx: Tx,
  viewer: Viewer,
  shift: ShiftOfTask,
  task: SetCurrentTaskInput['task'],
) {
  if (!task) return;
  if (task.kind === 'task') {
    const [found] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(
        and(
          eq(tasks.id, task.id),
          eq(projects.organizationId, viewer.organizationId),
          eq(projects.clientId, shift.clientId),
          eq(projects.status, 'active'),
        ),
      );
    if (!found) throw fieldError('task', M.task_not_pickable);
    return;
  }
  const [found] = await tx
    .select({ id: generalTasks.id })
    .from(generalTasks)
    .where(
      and(
        eq(generalTasks.id, task.id),
        eq(generalTasks.organizationId, viewer.organizationId),
        eq(generalTasks.active, true),
      ),
    );
  if (!found) throw fieldError('task', M.general_task_not_found);
}

/** `PUT va-access/attendance/current-task`: the attendance module keeps it; this module knows the tasks. */
export const setTrackedTask = (deps: Deps, viewer: Viewer, input: SetCurrentTaskInput) =>
  setCurrentTask(deps, viewer, input, (tx, shift) => assertTrackable(tx, viewer, shift, input.task));
