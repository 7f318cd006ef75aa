import type { Task } from '@vahub/shared/projects/schemas';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trackedSecondsByItem } from '../attendance/public';
import { peopleByIds } from '../people/public';
import { NO_FIGURES, type ProjectFigures, toTask } from './projects.mapper';
import { type TaskRow, taskIsOpenSql } from './projects.scope';
import { taskComments, tasks } from './projects.table';

/** Subquery: the ids of these projects' tasks (what the tracked time of a project sums over). */
const taskIdsOfProjects = (projectIds: number[]) =>
  sql`(select ${tasks.id} from ${tasks} where ${inArray(tasks.projectId, projectIds)})`;

/**
 * Counts and tracked seconds of these projects, in three queries whatever their number: the tasks (with
 * whether each is open), the time per task of their pings, summed per project here.
 */
export async function projectFigures(
  db: Db,
  organizationId: number,
  projectIds: number[],
): Promise<Map<number, ProjectFigures>> {
  const out = new Map<number, ProjectFigures>();
  if (!projectIds.length) return out;
  const [rows, seconds] = await Promise.all([
    db
      .select({ id: tasks.id, projectId: tasks.projectId, open: taskIsOpenSql() })
      .from(tasks)
      .where(inArray(tasks.projectId, projectIds)),
    trackedSecondsByItem(db, organizationId, { taskIds: taskIdsOfProjects(projectIds) }),
  ]);
  for (const row of rows) {
    const f = out.get(row.projectId) ?? { ...NO_FIGURES };
    f.taskCount++;
    if (row.open) f.openTaskCount++;
    f.trackedSeconds += seconds.get(row.id) ?? 0;
    out.set(row.projectId, f);
  }
  return out;
}

/**
 * A project's figures from ALL its tasks as the API shows them (`lastColumnId`: its last column, where a task is
 * done): what `projectFigures` counts, without reading the pings again.
 */
export function figuresOfTasks(list: Task[], lastColumnId: number | undefined): ProjectFigures {
  const f = { ...NO_FIGURES };
  for (const task of list) {
    f.taskCount++;
    if (lastColumnId !== undefined && task.column_id !== lastColumnId) f.openTaskCount++;
    f.trackedSeconds += task.tracked_seconds;
  }
  return f;
}

/** Tasks as the API shows them: with their assignee, tracked seconds and number of comments. */
export async function toTasks(db: Db, organizationId: number, rows: TaskRow[]): Promise<Task[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [people, seconds, comments] = await Promise.all([
    peopleByIds(
      db,
      rows.flatMap((r) => (r.assigneeId === null ? [] : [r.assigneeId])),
    ),
    trackedSecondsByItem(db, organizationId, { taskIds: ids }),
    db
      .select({ taskId: taskComments.taskId, n: count() })
      .from(taskComments)
      .where(inArray(taskComments.taskId, ids))
      .groupBy(taskComments.taskId),
  ]);
  const commentCounts = new Map(comments.map((c) => [c.taskId, Number(c.n)]));
  return rows.map((row) =>
    toTask(row, {
      assignee: row.assigneeId === null ? null : (people.get(row.assigneeId) ?? null),
      trackedSeconds: seconds.get(row.id) ?? 0,
      commentCount: commentCounts.get(row.id) ?? 0,
    }),
  );
}

/** One task as the API shows it (after a change, read again). */
export async function taskOut(db: Db, organizationId: number, id: number): Promise<Task> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  const [task] = await toTasks(db, organizationId, [row]);
  return task;
}
