import { msg } from '@vahub/shared/api/messages';
import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import { PROJECTS, type UpdateColumn } from '@vahub/shared/projects/schemas';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { announce, record } from './projects.announce';
import { toColumn } from './projects.mapper';
import { endKeys, endOf, type OrderedSet, placeAt, rewrite } from './projects.positions';
import {
  assertNotArchived,
  columnNotFound,
  lastColumnIdSql,
  requireColumn,
  requireProject,
} from './projects.scope';
import { boardColumns, tasks } from './projects.table';

/** A board's columns, in order. */
export const COLUMNS: OrderedSet = {
  table: boardColumns,
  id: boardColumns.id,
  position: boardColumns.position,
  group: boardColumns.projectId,
};
/** A column's tasks, in order. */
export const TASKS: OrderedSet = {
  table: tasks,
  id: tasks.id,
  position: tasks.position,
  group: tasks.columnId,
};

/**
 * The last column means done (docs/decisions.md): when a column change makes another column the last one,
 * its tasks become done (now) and those of the former last column open again, so `completed_at` always agrees
 * with the board. A task already done keeps its completion time.
 */
export async function syncCompletion(tx: Tx, projectId: number, at: Date) {
  const now = sql`${at.toISOString()}::timestamptz`;
  await tx.execute(sql`
    update ${tasks} set
      completed_at = case when ${tasks.columnId} = ${lastColumnIdSql(projectId)}
        then coalesce(${tasks.completedAt}, ${now}) else null end,
      updated_at = ${now}
    where ${tasks.projectId} = ${projectId}
      and (${tasks.columnId} = ${lastColumnIdSql(projectId)}) <> (${tasks.completedAt} is not null)`);
}

/** `POST projects/{id}/columns` (client, admin): a column at the end of the board, at most 12. */
export async function addColumn(deps: Deps, viewer: Viewer, projectId: number, name: string) {
  return deps.transaction(async (uow) => {
    // The project's row lock makes column changes of one board take turns: the count and the end hold.
    const project = await requireProject(uow.tx, viewer, projectId, true);
    assertNotArchived(project);
    const [{ n }] = await uow.tx
      .select({ n: count() })
      .from(boardColumns)
      .where(eq(boardColumns.projectId, projectId));
    if (Number(n) >= PROJECTS.maxColumns)
      throw fieldError('name', msg(M.too_many_columns, { max: PROJECTS.maxColumns }));
    const [row] = await uow.tx
      .insert(boardColumns)
      .values({ projectId, name, position: await endOf(uow.tx, COLUMNS, projectId) })
      .returning();
    await syncCompletion(uow.tx, projectId, deps.clock.now());
    await record(uow, viewer, 'board_column', row.id, 'board_column.created', { after: row });
    announce(deps, uow, project, null, 'column.created');
    return toColumn(row);
  });
}

/** `PATCH board-columns/{id}` (client, admin): renames and/or moves it before or after another column. */
export async function updateColumn(deps: Deps, viewer: Viewer, id: number, body: UpdateColumn) {
  return deps.transaction(async (uow) => {
    const { column } = await requireColumn(uow.tx, viewer, id);
    const project = await requireProject(uow.tx, viewer, column.projectId, true);
    assertNotArchived(project);
    const moving = Boolean(body.after_id || body.before_id);
    const placement = moving
      ? await placeAt(
          uow.tx,
          COLUMNS,
          project.id,
          { afterId: body.after_id, beforeId: body.before_id, excluding: id },
          M.column_not_found,
        )
      : null;
    if (placement) await rewrite(uow.tx, COLUMNS, placement.rewrites);
    const [row] = await uow.tx
      .update(boardColumns)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(placement ? { position: placement.position } : {}),
      })
      .where(eq(boardColumns.id, id))
      .returning();
    if (!row) throw columnNotFound();
    if (moving) await syncCompletion(uow.tx, project.id, deps.clock.now());
    await record(uow, viewer, 'board_column', id, 'board_column.updated', { before: column, after: row });
    announce(deps, uow, project, null, moving ? 'column.moved' : 'column.updated');
    return toColumn(row);
  });
}

/**
 * `DELETE board-columns/{id}` (client, admin): the last column stays; a column holding tasks needs `move_to`
 * (another column of the board), and its tasks go after that column's, in their order.
 */
export async function deleteColumn(deps: Deps, viewer: Viewer, id: number, moveTo: number | undefined) {
  await deps.transaction(async (uow) => {
    const { column } = await requireColumn(uow.tx, viewer, id);
    const project = await requireProject(uow.tx, viewer, column.projectId, true);
    assertNotArchived(project);
    // Moves and new tasks share-lock their column: once this lock is held, the column's tasks are all here.
    await uow.tx
      .select({ id: boardColumns.id })
      .from(boardColumns)
      .where(eq(boardColumns.id, id))
      .for('update');
    const [{ n: columnCount }] = await uow.tx
      .select({ n: count() })
      .from(boardColumns)
      .where(eq(boardColumns.projectId, project.id));
    if (Number(columnCount) <= 1) throw fieldError('id', M.last_column);
    const moved = await uow.tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.columnId, id))
      .orderBy(asc(tasks.position), asc(tasks.id))
      .for('update');
    if (moved.length) {
      if (!moveTo) throw fieldError('move_to', msg(M.column_has_tasks, { count: moved.length }));
      if (moveTo === id) throw fieldError('move_to', M.move_to_same);
      const [target] = await uow.tx
        .select({ id: boardColumns.id })
        .from(boardColumns)
        .where(and(eq(boardColumns.id, moveTo), eq(boardColumns.projectId, project.id)));
      if (!target) throw fieldError('move_to', M.column_not_found);
      const keys = await endKeys(uow.tx, TASKS, moveTo, moved.length);
      const now = deps.clock.now();
      for (const [i, task] of moved.entries())
        await uow.tx
          .update(tasks)
          .set({ columnId: moveTo, position: keys[i], updatedAt: now })
          .where(eq(tasks.id, task.id));
    }
    await uow.tx.delete(boardColumns).where(eq(boardColumns.id, id));
    await syncCompletion(uow.tx, project.id, deps.clock.now());
    await record(uow, viewer, 'board_column', id, 'board_column.deleted', {
      before: column,
      after: moveTo && moved.length ? { moved_to: moveTo, tasks: moved.map((t) => t.id) } : undefined,
    });
    announce(deps, uow, project, null, 'column.deleted');
  });
  return { message: 'Column deleted.' };
}
