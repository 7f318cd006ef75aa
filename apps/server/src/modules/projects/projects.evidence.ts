import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { generalTasks, projects, tasks } from './projects.table';

/** The titles (and projects) of tasks and general tasks of the organization, for the ai module's evidence pack. */
export async function itemTitles(
  db: Db,
  organizationId: number,
  taskIds: number[],
  generalTaskIds: number[],
) {
  const [taskRows, generalRows] = await Promise.all([
    taskIds.length
      ? db
          .select({ id: tasks.id, title: tasks.title, project: projects.name })
          .from(tasks)
          .innerJoin(projects, eq(projects.id, tasks.projectId))
          .where(and(eq(tasks.organizationId, organizationId), inArray(tasks.id, taskIds)))
      : [],
    generalTaskIds.length
      ? db
          .select({ id: generalTasks.id, title: generalTasks.name })
          .from(generalTasks)
          .where(
            and(eq(generalTasks.organizationId, organizationId), inArray(generalTasks.id, generalTaskIds)),
          )
      : [],
  ]);
  return {
    tasks: new Map(taskRows.map((t) => [t.id, { title: t.title, project: t.project as string | null }])),
    general: new Map(generalRows.map((t) => [t.id, { title: t.title, project: null as string | null }])),
  };
}
