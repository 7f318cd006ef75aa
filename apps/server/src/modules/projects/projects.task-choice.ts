import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ShiftOfTask, TaskRef } from '../attendance/public';
import { generalTasks, projects, tasks } from './projects.table';

/**
 * The one rule of what a shift may name (the current task, every ping's task): a task of an active project of
 * the shift's client (done or not: the VA may still wrap it up), or an active general task of the organization.
 * Checks a whole set at once (two queries at most, whatever the number of pings) and answers, per task, the
 * message refusing it (null: pickable). The attendance module asks it through `taskChoicePort`
 * (projects.module.ts registers it).
 */
export async function trackableCheck(
  tx: Db,
  organizationId: number,
  shift: ShiftOfTask,
  refs: TaskRef[],
): Promise<(task: TaskRef) => string | null> {
  const taskIds = [...new Set(refs.filter((r) => r.kind === 'task').map((r) => r.id))];
  const generalIds = [...new Set(refs.filter((r) => r.kind === 'general').map((r) => r.id))];
  const pickable = taskIds.length
    ? await tx
        .select({ id: tasks.id })
        .from(tasks)
        .innerJoin(projects, eq(projects.id, tasks.projectId))
        .where(
          and(
            inArray(tasks.id, taskIds),
            eq(projects.organizationId, organizationId),
            eq(projects.clientId, shift.clientId),
            eq(projects.status, 'active'),
          ),
        )
    : [];
  const active = generalIds.length
    ? await tx
        .select({ id: generalTasks.id })
        .from(generalTasks)
        .where(
          and(
            inArray(generalTasks.id, generalIds),
            eq(generalTasks.organizationId, organizationId),
            eq(generalTasks.active, true),
          ),
        )
    : [];
  const okTasks = new Set(pickable.map((r) => r.id));
  const okGeneral = new Set(active.map((r) => r.id));
  return (task) => {
    if (task.kind === 'task') return okTasks.has(task.id) ? null : M.task_not_pickable;
    return okGeneral.has(task.id) ? null : M.general_task_not_found;
  };
}
