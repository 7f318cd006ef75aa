import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import { activeClientIdsOfVaSql } from '../contracts/public';
import { findPersonWithRole } from '../people/public';
import { boardColumns, projects, tasks } from './projects.table';

export type ProjectRow = typeof projects.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type ColumnRow = typeof boardColumns.$inferSelect;

export const projectNotFound = () => new AppError('not_found', M.project_not_found);
export const taskNotFound = () => new AppError('not_found', M.task_not_found);
export const columnNotFound = () => new AppError('not_found', M.column_not_found);
export const commentNotFound = () => new AppError('not_found', M.comment_not_found);

/**
 * The clients whose projects a viewer sees (DOMAIN.md "Tenancy and roles"; docs/decisions.md "Projects and
 * tasks"): admins every client of the organization; a manager the clients assigned to them; a client
 * themself; a VA the clients they hold an ACTIVE contract with (a paused or ended contract closes the board).
 */
export function visibleClients(viewer: Viewer, clientId: SQLWrapper): SQL {
  if (viewer.isAdmin) return sql`true`;
  if (viewer.role === 'va') return sql`${clientId} in ${activeClientIdsOfVaSql(viewer.userId)}`;
  return viewer.scope.clients(sql`${clientId}`);
}

/** The projects a viewer sees: of their organization, of a visible client. */
export const projectScope = (viewer: Viewer): SQL =>
  and(eq(projects.organizationId, viewer.organizationId), visibleClients(viewer, projects.clientId)) as SQL;

/**
 * A project the viewer sees, or 404 (never revealing one outside their scope). With `lock`, inside a
 * transaction, the row is locked so column changes of one board take turns (the count, the last column).
 */
export async function requireProject(db: Db, viewer: Viewer, id: number, lock = false) {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), projectScope(viewer)))
    .$dynamic();
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw projectNotFound();
  return row;
}

/**
 * A task the viewer sees, with its project, or 404. With `lock` the task row alone is locked (a move or an
 * edit of one task waits for another of the same task; other tasks of the board are never locked).
 */
export async function requireTask(db: Db, viewer: Viewer, id: number, lock = false) {
  const query = db
    .select({ task: tasks, project: projects })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.id, id), projectScope(viewer)))
    .$dynamic();
  const [row] = lock ? await query.for('update', { of: tasks }) : await query;
  if (!row) throw taskNotFound();
  return row;
}

/** A column the viewer sees, with its project, or 404. */
export async function requireColumn(db: Db, viewer: Viewer, id: number) {
  const [row] = await db
    .select({ column: boardColumns, project: projects })
    .from(boardColumns)
    .innerJoin(projects, eq(projects.id, boardColumns.projectId))
    .where(and(eq(boardColumns.id, id), projectScope(viewer)));
  if (!row) throw columnNotFound();
  return row;
}

/** An archived project's board is read-only until it is restored (its comments stay open). */
export function assertNotArchived(project: ProjectRow) {
  if (project.status === 'archived') throw fieldError('project_id', M.archived);
}

/** Scalar subquery: the last column of a project (by position, then id): a task there is done. */
export const lastColumnIdSql = (projectId: SQLWrapper | number): SQL<number> =>
  sql<number>`(select lc.id from ${boardColumns} lc where lc.project_id = ${projectId} order by lc.position desc, lc.id desc limit 1)`;

/** Condition: the task is open (not in its project's last column). */
export const taskIsOpenSql = (): SQL<boolean> =>
  sql<boolean>`(${tasks.columnId} <> ${lastColumnIdSql(tasks.projectId)})`;

/** Whether `clientId` is a client of the viewer's organization whose projects the viewer sees. */
export async function isVisibleClient(db: Db, viewer: Viewer, clientId: number): Promise<boolean> {
  if (!(await findPersonWithRole(db, viewer.organizationId, clientId, 'client'))) return false;
  const result = await db.execute<{ ok: boolean }>(
    sql`select ${visibleClients(viewer, sql`${clientId}::int`)} as ok`,
  );
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}

/** A `client_id` filter naming a client outside the viewer's scope answers 404, as the other lists do. */
export async function assertVisibleClient(db: Db, viewer: Viewer, clientId: number | undefined) {
  if (clientId && !(await isVisibleClient(db, viewer, clientId))) throw notFound('Client');
}
