import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import type { CreateTask, UpdateTask } from '@vahub/shared/projects/schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../platform/transaction';
import { announce, record } from './projects.announce';
import { assignableVas } from './projects.board';
import { TASKS } from './projects.columns';
import { taskOut } from './projects.figures';
import { endOf } from './projects.positions';
import {
  assertNotArchived,
  lastColumnIdSql,
  type ProjectRow,
  requireProject,
  requireTask,
  type TaskRow,
} from './projects.scope';
import { boardColumns, tasks } from './projects.table';

/** An assignee must be a VA holding an active contract with the project's client. */
async function assertAssignable(db: Db, project: ProjectRow, assigneeId: number | null | undefined) {
  if (!assigneeId) return;
  const vas = await assignableVas(db, project.clientId);
  if (!vas.some((v) => v.id === assigneeId)) throw fieldError('assignee_id', M.assignee_not_va);
}

/** `task.assigned` for the new assignee (the notifications module tells them), unless they assigned themself. */
async function raiseAssigned(
  deps: Deps,
  uow: UnitOfWork,
  viewer: Viewer,
  project: ProjectRow,
  task: TaskRow,
) {
  if (task.assigneeId === null || task.assigneeId === viewer.userId) return;
  await deps.events.raise(uow, viewer.organizationId, 'task.assigned', {
    task_id: task.id,
    project_id: project.id,
    client_id: project.clientId,
    assignee_id: task.assigneeId,
    title: task.title,
    actor_id: viewer.userId,
  });
}

/** `POST tasks` (admin, manager, client): at the end of the given column, else of the board's first column. */
export async function createTask(deps: Deps, viewer: Viewer, body: CreateTask) {
  const id = await deps.transaction(async (uow) => {
    const project = await requireProject(uow.tx, viewer, body.project_id);
    assertNotArchived(project);
    const [column] = await uow.tx
      .select()
      .from(boardColumns)
      .where(
        and(
          eq(boardColumns.projectId, project.id),
          body.column_id ? eq(boardColumns.id, body.column_id) : undefined,
        ),
      )
      .orderBy(boardColumns.position, boardColumns.id)
      .limit(1)
      .for('key share'); // as a move does: a column being removed takes no new task
    if (!column) throw fieldError('column_id', M.column_not_found);
    await assertAssignable(uow.tx, project, body.assignee_id);
    const now = deps.clock.now();
    const [last] = await uow.tx
      .select({ id: boardColumns.id })
      .from(boardColumns)
      .where(eq(boardColumns.id, lastColumnIdSql(project.id)));
    const [row] = await uow.tx
      .insert(tasks)
      .values({
        organizationId: viewer.organizationId,
        projectId: project.id,
        columnId: column.id,
        title: body.title,
        description: body.description ?? '',
        assigneeId: body.assignee_id ?? null,
        dueDate: body.due_date ?? null,
        priority: body.priority ?? 'medium',
        estimateMinutes: body.estimate_minutes ?? null,
        position: await endOf(uow.tx, TASKS, column.id),
        completedAt: last?.id === column.id ? now : null,
        createdBy: viewer.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await raiseAssigned(deps, uow, viewer, project, row);
    await deps.events.raise(uow, viewer.organizationId, 'task.created', {
      task_id: row.id,
      project_id: project.id,
      client_id: project.clientId,
      column_id: row.columnId,
      title: row.title,
      assignee_id: row.assigneeId,
      actor_id: viewer.userId,
    });
    await record(uow, viewer, 'task', row.id, 'task.created', { after: row });
    announce(deps, uow, project, row.id, 'task.created');
    return row.id;
  });
  return taskOut(deps.db, viewer.organizationId, id);
}

/** `PATCH tasks/{id}` (admin, manager, client): title, description, assignee, due date, priority, estimate. */
export async function updateTask(deps: Deps, viewer: Viewer, id: number, body: UpdateTask) {
  await deps.transaction(async (uow) => {
    const { task: before, project } = await requireTask(uow.tx, viewer, id, true);
    assertNotArchived(project);
    if (body.assignee_id !== undefined && body.assignee_id !== before.assigneeId)
      await assertAssignable(uow.tx, project, body.assignee_id);
    const [after] = await uow.tx
      .update(tasks)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.assignee_id !== undefined ? { assigneeId: body.assignee_id } : {}),
        ...(body.due_date !== undefined ? { dueDate: body.due_date } : {}),
        ...(body.priority !== undefined ? { priority: body.priority } : {}),
        ...(body.estimate_minutes !== undefined ? { estimateMinutes: body.estimate_minutes } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(tasks.id, id))
      .returning();
    if (after.assigneeId !== before.assigneeId) await raiseAssigned(deps, uow, viewer, project, after);
    await record(uow, viewer, 'task', id, 'task.updated', { before, after });
    announce(deps, uow, project, id, 'task.updated');
  });
  return taskOut(deps.db, viewer.organizationId, id);
}

/** `DELETE tasks/{id}` (admin, manager, client): the task and its comments; its tracked time stays in the shifts. */
export async function deleteTask(deps: Deps, viewer: Viewer, id: number) {
  await deps.transaction(async (uow) => {
    const { task, project } = await requireTask(uow.tx, viewer, id, true);
    assertNotArchived(project);
    await uow.tx.delete(tasks).where(eq(tasks.id, id));
    await record(uow, viewer, 'task', id, 'task.deleted', { before: task });
    announce(deps, uow, project, id, 'task.deleted');
  });
  return { message: 'Task deleted.' };
}

/** `GET tasks/{id}` (every role, its scope). */
export async function taskDetail(deps: Deps, viewer: Viewer, id: number) {
  await requireTask(deps.db, viewer, id);
  return taskOut(deps.db, viewer.organizationId, id);
}
