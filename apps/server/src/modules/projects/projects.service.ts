import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import {
  type CreateProject,
  PROJECTS,
  type Project,
  type ProjectQuery,
  type UpdateProject,
} from '@vahub/shared/projects/schemas';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Db } from '../../db/client';
import { fieldError, notFound } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { findPersonWithRole, peopleByIds } from '../people/public';
import { announce, record } from './projects.announce';
import { projectFigures } from './projects.figures';
import { NO_FIGURES, type ProjectFigures, toProject } from './projects.mapper';
import {
  assertVisibleClient,
  isVisibleClient,
  type ProjectRow,
  projectScope,
  requireProject,
} from './projects.scope';
import { boardColumns, projects, tasks } from './projects.table';

/**
 * Projects as the API shows them: with their client, counts and tracked seconds (`known`: figures the caller
 * counted already, as the board does from its tasks).
 */
export async function toProjects(
  db: Db,
  organizationId: number,
  rows: ProjectRow[],
  known?: Map<number, ProjectFigures>,
): Promise<Project[]> {
  const [clients, figures] = await Promise.all([
    peopleByIds(
      db,
      rows.map((r) => r.clientId),
    ),
    known ??
      projectFigures(
        db,
        organizationId,
        rows.map((r) => r.id),
      ),
  ]);
  return rows.flatMap((row) => {
    const client = clients.get(row.clientId);
    return client ? [toProject(row, client, figures.get(row.id) ?? NO_FIGURES)] : [];
  });
}

export async function projectOut(db: Db, viewer: Viewer, id: number): Promise<Project> {
  const row = await requireProject(db, viewer, id);
  const [project] = await toProjects(db, viewer.organizationId, [row]);
  return project;
}

/** `GET projects` (every role, its scope): active first, then by name (filters: status, client, search). */
export async function listProjects(deps: Deps, viewer: Viewer, q: ProjectQuery) {
  await assertVisibleClient(deps.db, viewer, q.client_id);
  const where = and(
    projectScope(viewer),
    q.status ? eq(projects.status, q.status) : undefined,
    q.client_id ? eq(projects.clientId, q.client_id) : undefined,
    q.search ? ilike(projects.name, likePattern(q.search)) : undefined,
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(projects)
      .where(where)
      .orderBy(sql`${projects.status} <> 'active'`, sql`lower(${projects.name})`, asc(projects.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    deps.db.select({ n: count() }).from(projects).where(where),
  ]);
  return {
    data: await toProjects(deps.db, viewer.organizationId, rows),
    meta: paginationMeta(q.page, q.per_page, Number(total?.n ?? 0)),
  };
}

/**
 * Whom a new project is for: a client creates their own; an admin or a manager names a client of the
 * organization (a manager one of theirs: another is not found for them).
 */
async function clientFor(db: Db, viewer: Viewer, clientId: number | undefined): Promise<number> {
  if (viewer.role === 'client') {
    if (clientId && clientId !== viewer.userId) throw notFound('Client');
    return viewer.userId;
  }
  if (!clientId) throw fieldError('client_id', M.choose_client);
  if (!(await findPersonWithRole(db, viewer.organizationId, clientId, 'client')))
    throw fieldError('client_id', M.not_a_client);
  if (!(await isVisibleClient(db, viewer, clientId))) throw notFound('Client');
  return clientId;
}

/** `POST projects`: the project with the default board (To do, In progress, Review, Done). */
export async function createProject(deps: Deps, viewer: Viewer, body: CreateProject) {
  const clientId = await clientFor(deps.db, viewer, body.client_id);
  const id = await deps.transaction(async (uow) => {
    const now = deps.clock.now();
    const [row] = await uow.tx
      .insert(projects)
      .values({
        organizationId: viewer.organizationId,
        clientId,
        name: body.name,
        description: body.description ?? '',
        color: body.color ?? PROJECTS.defaultColor,
        status: body.status ?? 'active',
        createdBy: viewer.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const keys = generateNKeysBetween(null, null, PROJECTS.defaultColumns.length);
    await uow.tx
      .insert(boardColumns)
      .values(PROJECTS.defaultColumns.map((name, i) => ({ projectId: row.id, name, position: keys[i] })));
    await record(uow, viewer, 'project', row.id, 'project.created', { after: row });
    announce(deps, uow, row, null, 'project.created');
    return row.id;
  });
  return projectOut(deps.db, viewer, id);
}

/** `PATCH projects/{id}`: renames, describes, recolours, archives or restores. */
export async function updateProject(deps: Deps, viewer: Viewer, id: number, body: UpdateProject) {
  await deps.transaction(async (uow) => {
    const before = await requireProject(uow.tx, viewer, id, true);
    const [after] = await uow.tx
      .update(projects)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        updatedAt: deps.clock.now(),
      })
      .where(eq(projects.id, id))
      .returning();
    const statusChanged = body.status !== undefined && body.status !== before.status;
    const action = !statusChanged
      ? 'project.updated'
      : body.status === 'archived'
        ? 'project.archived'
        : 'project.restored';
    await record(uow, viewer, 'project', id, action, { before, after });
    announce(deps, uow, after, null, action);
  });
  return projectOut(deps.db, viewer, id);
}

/** `DELETE projects/{id}` (admin, client): the project with its board, tasks and comments. */
export async function deleteProject(deps: Deps, viewer: Viewer, id: number) {
  await deps.transaction(async (uow) => {
    const row = await requireProject(uow.tx, viewer, id, true);
    // Tasks first: they reference the columns, which go with the project.
    await uow.tx.delete(tasks).where(eq(tasks.projectId, id));
    await uow.tx.delete(projects).where(eq(projects.id, id));
    await record(uow, viewer, 'project', id, 'project.deleted', { before: row });
    announce(deps, uow, row, null, 'project.deleted');
  });
  return { message: 'Project deleted.' };
}
