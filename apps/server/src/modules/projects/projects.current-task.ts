import type { PingInput, SetCurrentTaskInput } from '@vahub/shared/attendance/tracker-protocol';
import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import { and, eq, inArray } from 'drizzle-orm';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { ingestPings, type PingTaskCheck, type ShiftOfTask, setCurrentTask } from '../attendance/public';
import { generalTasks, projects, tasks } from './projects.table';

type TaskRef = NonNullable<SetCurrentTaskInput['task']>;

/**
 * The one rule of what a shift may name (the current task, every ping's task): a task of an active project of
 * the shift's client (done or not: the VA may still wrap it up), or an active general task of the organization.
 * Checks a whole set at once (two queries at most, whatever the number of pings) and answers, per task, the
 * message refusing it (null: pickable).
 */
async function trackableCheck(
  tx: Tx,
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

/** `PUT va-access/attendance/current-task`: the attendance module keeps it; this module knows the tasks. */
export const setTrackedTask = (deps: Deps, viewer: Viewer, input: SetCurrentTaskInput) =>
  setCurrentTask(deps, viewer, input, async (tx, shift) => {
    const { task } = input;
    if (!task) return;
    const refusal = (await trackableCheck(tx, viewer.organizationId, shift, [task]))(task);
    if (refusal) throw fieldError('task', refusal);
  });

/** The task a ping names, if any (`task_id` before `general_task_id`, each checked). */
const pingTasks = (p: PingInput): TaskRef[] => [
  ...(p.task_id != null ? [{ kind: 'task' as const, id: p.task_id }] : []),
  ...(p.general_task_id != null ? [{ kind: 'general' as const, id: p.general_task_id }] : []),
];

/** Pings name only what the shift may name (DOMAIN.md "Trackers"): another task refuses that item alone. */
const pingTaskCheck: PingTaskCheck = async (tx, organizationId, shift, pings) => {
  const verdict = await trackableCheck(tx, organizationId, shift, pings.flatMap(pingTasks));
  return (ping) => {
    for (const task of pingTasks(ping)) {
      const refusal = verdict(task);
      if (refusal) return refusal;
    }
    return null;
  };
};

/** `POST va-access/attendance/pings`: the attendance module counts them; this module knows the tasks. */
export const ingestTrackedPings = (
  deps: Deps,
  viewer: Viewer,
  body: { attendance_id: number; pings: unknown[] },
) => ingestPings(deps, viewer, body, pingTaskCheck);
