import { PROJECT_MESSAGES as M } from '@vahub/shared/projects/messages';
import { mentionedUserIds } from '@vahub/shared/projects/schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import type { Tx, UnitOfWork } from '../../platform/transaction';
import { peopleByIds } from '../people/public';
import { announce, projectAudience, record } from './projects.announce';
import { toComment } from './projects.mapper';
import { commentNotFound, type ProjectRow, projectScope, requireTask, type TaskRow } from './projects.scope';
import { projects, taskComments, tasks } from './projects.table';

type CommentRow = typeof taskComments.$inferSelect;

const notYours = () => new AppError('forbidden', M.not_your_comment);

/** A comment the viewer sees (through its task's project), with its task and project, locked. */
async function requireComment(tx: Tx, viewer: Viewer, id: number) {
  const [row] = await tx
    .select({ comment: taskComments, task: tasks, project: projects })
    .from(taskComments)
    .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(taskComments.id, id), projectScope(viewer)))
    .for('update', { of: taskComments });
  if (!row) throw commentNotFound();
  return row;
}

async function commentOut(deps: Deps, viewer: Viewer, row: CommentRow) {
  const people = row.authorId === null ? new Map() : await peopleByIds(deps.db, [row.authorId]);
  return toComment(row, row.authorId === null ? null : (people.get(row.authorId) ?? null), viewer);
}

/**
 * `task.mentioned` for the users a comment newly names who may see the task (the audience of its project),
 * never the author. A name outside that audience is left as text: it notifies nobody.
 */
async function raiseMentions(
  deps: Deps,
  uow: UnitOfWork,
  viewer: Viewer,
  ctx: { task: TaskRow; project: ProjectRow; comment: CommentRow },
  previousBody = '',
) {
  const before = new Set(mentionedUserIds(previousBody));
  const named = mentionedUserIds(ctx.comment.body).filter((id) => id !== viewer.userId && !before.has(id));
  if (!named.length) return;
  const audience = new Set(await projectAudience(uow.tx, viewer.organizationId, ctx.project.clientId));
  const userIds = named.filter((id) => audience.has(id));
  if (!userIds.length) return;
  await deps.events.raise(uow, viewer.organizationId, 'task.mentioned', {
    task_id: ctx.task.id,
    project_id: ctx.project.id,
    client_id: ctx.project.clientId,
    comment_id: ctx.comment.id,
    user_ids: userIds,
    title: ctx.task.title,
    actor_id: viewer.userId,
  });
}

/** `GET tasks-comments/task/{id}` (every role, its scope): oldest first. */
export async function listComments(
  deps: Deps,
  viewer: Viewer,
  taskId: number,
  q: { page: number; per_page: number },
) {
  await requireTask(deps.db, viewer, taskId);
  const where = eq(taskComments.taskId, taskId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(taskComments)
      .where(where)
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    deps.db.select({ n: count() }).from(taskComments).where(where),
  ]);
  const authors = await peopleByIds(
    deps.db,
    rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
  );
  return {
    data: rows.map((r) =>
      toComment(r, r.authorId === null ? null : (authors.get(r.authorId) ?? null), viewer),
    ),
    meta: paginationMeta(q.page, q.per_page, Number(total?.n ?? 0)),
  };
}

/** `POST tasks/{id}/comments` (every role, a VA too): markdown stored as written; mentions notify. */
export async function addComment(deps: Deps, viewer: Viewer, taskId: number, body: string) {
  const row = await deps.transaction(async (uow) => {
    const { task, project } = await requireTask(uow.tx, viewer, taskId);
    const now = deps.clock.now();
    const [comment] = await uow.tx
      .insert(taskComments)
      .values({ taskId, authorId: viewer.userId, body, createdAt: now, updatedAt: now })
      .returning();
    await raiseMentions(deps, uow, viewer, { task, project, comment });
    await record(uow, viewer, 'task_comment', comment.id, 'task_comment.created', { after: comment });
    announce(deps, uow, project, taskId, 'comment.created');
    return comment;
  });
  return commentOut(deps, viewer, row);
}

/** `PATCH tasks-comments/{id}`: its author only (an admin too may only delete another's). */
export async function editComment(deps: Deps, viewer: Viewer, id: number, body: string) {
  const row = await deps.transaction(async (uow) => {
    const { comment: before, task, project } = await requireComment(uow.tx, viewer, id);
    if (before.authorId !== viewer.userId) throw notYours();
    const [comment] = await uow.tx
      .update(taskComments)
      .set({ body, updatedAt: deps.clock.now() })
      .where(eq(taskComments.id, id))
      .returning();
    await raiseMentions(deps, uow, viewer, { task, project, comment }, before.body);
    await record(uow, viewer, 'task_comment', id, 'task_comment.updated', { before, after: comment });
    announce(deps, uow, project, task.id, 'comment.updated');
    return comment;
  });
  return commentOut(deps, viewer, row);
}

/** `DELETE tasks-comments/{id}`: its author, or an admin any. */
export async function deleteComment(deps: Deps, viewer: Viewer, id: number) {
  await deps.transaction(async (uow) => {
    const { comment, task, project } = await requireComment(uow.tx, viewer, id);
    if (comment.authorId !== viewer.userId && !viewer.isAdmin) throw notYours();
    await uow.tx.delete(taskComments).where(eq(taskComments.id, id));
    await record(uow, viewer, 'task_comment', id, 'task_comment.deleted', { before: comment });
    announce(deps, uow, project, task.id, 'comment.deleted');
  });
  return { message: 'Comment deleted.' };
}
