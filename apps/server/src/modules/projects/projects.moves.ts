import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import type { MoveTask } from '@vahub/shared/projects/schemas';
import { and, eq } from 'drizzle-orm';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { announce, record } from './projects.announce';
import { TASKS } from './projects.columns';
import { taskOut } from './projects.figures';
import { placeAt, rewrite } from './projects.positions';
import { assertNotArchived, lastColumnIdSql, requireTask } from './projects.scope';
import { boardColumns, tasks } from './projects.table';

/**
 * `POST tasks/{id}/move` (every role, a VA too): into `column_id`, right after `after_id` (none: the top) or
 * right before `before_id`. The moved task's row is locked; its neighbours' keys are read in the same
 * transaction and one key between them is written, so no other task is renumbered (see projects.positions.ts).
 * Into the last column the task is done (`completed_at` set, kept when it only moves within it); out of it,
 * open again.
 */
export async function moveTask(deps: Deps, viewer: Viewer, id: number, body: MoveTask) {
  await deps.transaction(async (uow) => {
    const { project } = await requireTask(uow.tx, viewer, id);
    assertNotArchived(project);
    // Locks in one order, the column's then the task's (a column removal takes the column's, then its tasks'):
    // a removal waits for this move and then moves this task too, or this move waits and finds no column.
    const [target] = await uow.tx
      .select({ id: boardColumns.id, last: lastColumnIdSql(project.id) })
      .from(boardColumns)
      .where(and(eq(boardColumns.id, body.column_id), eq(boardColumns.projectId, project.id)))
      .for('key share');
    if (!target) throw fieldError('column_id', M.column_not_found);
    const { task } = await requireTask(uow.tx, viewer, id, true);
    const placement = await placeAt(
      uow.tx,
      TASKS,
      target.id,
      { afterId: body.after_id, beforeId: body.before_id, excluding: id },
      M.neighbour_elsewhere,
    );
    await rewrite(uow.tx, TASKS, placement.rewrites);
    const now = deps.clock.now();
    const done = Number(target.last) === target.id;
    const [after] = await uow.tx
      .update(tasks)
      .set({
        columnId: target.id,
        position: placement.position,
        completedAt: done ? (task.completedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(tasks.id, id))
      .returning();
    await record(uow, viewer, 'task', id, 'task.moved', {
      before: { column_id: task.columnId, position: task.position },
      after: { column_id: after.columnId, position: after.position },
    });
    // Another column is a move others hear of (webhooks); a new place in the same column is only reordering.
    if (after.columnId !== task.columnId)
      await deps.events.raise(uow, viewer.organizationId, 'task.moved', {
        task_id: id,
        project_id: project.id,
        client_id: project.clientId,
        from_column_id: task.columnId,
        to_column_id: after.columnId,
        completed: after.completedAt !== null,
        actor_id: viewer.userId,
      });
    announce(deps, uow, project, id, 'task.moved');
  });
  return taskOut(deps.db, viewer.organizationId, id);
}
