import type { TaskListItem, TaskQuery } from '@vahub/shared/projects/schemas';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { toTasks } from './projects.figures';
import { projectScope, requireProject, taskIsOpenSql } from './projects.scope';
import { boardColumns, projects, tasks } from './projects.table';

/** Most pressing first: urgent before low. */
export const priorityRankSql = sql`case ${tasks.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

/**
 * `GET tasks` (every role, its scope): the tasks of the projects the viewer sees, soonest due first (undated
 * last), then the most pressing, then the oldest. A `project_id` outside the scope answers 404.
 */
export async function listTasks(deps: Deps, viewer: Viewer, q: TaskQuery) {
  const db = deps.db;
  if (q.project_id) await requireProject(db, viewer, q.project_id);
  const where = and(
    eq(tasks.organizationId, viewer.organizationId),
    projectScope(viewer),
    q.project_id ? eq(tasks.projectId, q.project_id) : undefined,
    q.assignee_id ? eq(tasks.assigneeId, q.assignee_id) : undefined,
    q.priority ? eq(tasks.priority, q.priority) : undefined,
    q.open === undefined ? undefined : q.open ? taskIsOpenSql() : sql`not ${taskIsOpenSql()}`,
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        task: tasks,
        project: { id: projects.id, name: projects.name, color: projects.color },
        column: { id: boardColumns.id, name: boardColumns.name },
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .innerJoin(boardColumns, eq(boardColumns.id, tasks.columnId))
      .where(where)
      .orderBy(sql`${tasks.dueDate} asc nulls last`, priorityRankSql, asc(tasks.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    db.select({ n: count() }).from(tasks).innerJoin(projects, eq(projects.id, tasks.projectId)).where(where),
  ]);
  const shown = await toTasks(
    db,
    viewer.organizationId,
    rows.map((r) => r.task),
  );
  const data: TaskListItem[] = shown.map((task, i) => ({
    ...task,
    project: rows[i].project,
    column: rows[i].column,
  }));
  return { data, meta: paginationMeta(q.page, q.per_page, Number(total?.n ?? 0)) };
}
