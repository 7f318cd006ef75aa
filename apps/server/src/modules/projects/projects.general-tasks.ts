import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import type { createGeneralTaskSchema, updateGeneralTaskSchema } from '@vahub/shared/projects/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Tx } from '../../platform/transaction';
import { trackedSecondsByItem } from '../attendance/public';
import { record } from './projects.announce';
import { toGeneralTask } from './projects.mapper';
import { generalTasks } from './projects.table';

type CreateGeneralTask = z.output<typeof createGeneralTaskSchema>;
type UpdateGeneralTask = z.output<typeof updateGeneralTaskSchema>;

const generalTaskNotFound = () => new AppError('not_found', M.general_task_not_found);

async function requireGeneralTask(tx: Tx, viewer: Viewer, id: number) {
  const [row] = await tx
    .select()
    .from(generalTasks)
    .where(and(eq(generalTasks.id, id), eq(generalTasks.organizationId, viewer.organizationId)))
    .for('update');
  if (!row) throw generalTaskNotFound();
  return row;
}

/**
 * `GET /api/v1/general-tasks` (everyone signed in): the organization's general tasks by name; retired ones
 * only for admins (who may restore them), since nobody else may pick them.
 */
export async function listGeneralTasks(deps: Deps, viewer: Viewer) {
  const rows = await deps.db
    .select()
    .from(generalTasks)
    .where(
      and(
        eq(generalTasks.organizationId, viewer.organizationId),
        viewer.isAdmin ? undefined : eq(generalTasks.active, true),
      ),
    )
    .orderBy(sql`lower(${generalTasks.name})`, asc(generalTasks.id));
  return { data: rows.map(toGeneralTask) };
}

/** `POST admin-access/general-tasks`. */
export async function createGeneralTask(deps: Deps, viewer: Viewer, body: CreateGeneralTask) {
  return deps.transaction(async (uow) => {
    const [row] = await uow.tx
      .insert(generalTasks)
      .values({
        organizationId: viewer.organizationId,
        name: body.name,
        description: body.description ?? '',
        active: body.active ?? true,
        createdAt: deps.clock.now(),
      })
      .returning();
    await record(uow, viewer, 'general_task', row.id, 'general_task.created', { after: row });
    return toGeneralTask(row);
  });
}

/** `PATCH admin-access/general-tasks/{id}`: renames, describes, retires (`active: false`) or restores. */
export async function updateGeneralTask(deps: Deps, viewer: Viewer, id: number, body: UpdateGeneralTask) {
  return deps.transaction(async (uow) => {
    const before = await requireGeneralTask(uow.tx, viewer, id);
    const [row] = await uow.tx
      .update(generalTasks)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
      })
      .where(eq(generalTasks.id, id))
      .returning();
    await record(uow, viewer, 'general_task', id, 'general_task.updated', { before, after: row });
    return toGeneralTask(row);
  });
}

/**
 * `DELETE admin-access/general-tasks/{id}`: a general task nobody tracked time on goes; a tracked one stays
 * for the time reports and is retired instead (`active: false`), answered with a 422 that says so.
 */
export async function deleteGeneralTask(deps: Deps, viewer: Viewer, id: number) {
  const retired = await deps.transaction(async (uow) => {
    const row = await requireGeneralTask(uow.tx, viewer, id);
    const tracked = await trackedSecondsByItem(uow.tx, viewer.organizationId, { generalTaskIds: [id] });
    if (tracked.size) {
      if (row.active) {
        await uow.tx.update(generalTasks).set({ active: false }).where(eq(generalTasks.id, id));
        await record(uow, viewer, 'general_task', id, 'general_task.retired', { before: row });
      }
      return true;
    }
    await uow.tx.delete(generalTasks).where(eq(generalTasks.id, id));
    await record(uow, viewer, 'general_task', id, 'general_task.deleted', { before: row });
    return false;
  });
  if (retired) throw new AppError('validation', M.general_task_tracked, { id: [M.general_task_tracked] });
  return { message: 'General task deleted.' };
}
