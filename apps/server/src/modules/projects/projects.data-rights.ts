import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, holdsAny, keysetBatches, replacedText } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { generalTasks, projects, taskComments, tasks } from './projects.table';

// Data export (issue 33): the projects and tasks of a scope (a client's projects; a VA's assigned tasks and
// their projects).

const tasksOf = (scope: DataScope): SQL =>
  and(
    eq(tasks.organizationId, scope.organizationId),
    scope.vaId !== null ? eq(tasks.assigneeId, scope.vaId) : undefined,
    scope.clientId !== null
      ? inArray(
          tasks.projectId,
          sql`(select ${projects.id} from ${projects} where ${projects.clientId} = ${scope.clientId})`,
        )
      : undefined,
  ) as SQL;

const projectsOf = (scope: DataScope): SQL =>
  and(
    eq(projects.organizationId, scope.organizationId),
    scope.clientId !== null ? eq(projects.clientId, scope.clientId) : undefined,
    scope.vaId !== null
      ? inArray(
          projects.id,
          sql`(select ${tasks.projectId} from ${tasks} where ${tasks.assigneeId} = ${scope.vaId})`,
        )
      : undefined,
  ) as SQL;

export const exportProjects = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(projects)
      .where(and(projectsOf(scope), after(projects.id, a)))
      .orderBy(projects.id)
      .limit(n),
  );

export const exportTasks = (db: Db, scope: DataScope) =>
  keysetBatches((a, n) =>
    db
      .select()
      .from(tasks)
      .where(and(tasksOf(scope), after(tasks.id, a)))
      .orderBy(tasks.id)
      .limit(n),
  );

/** Erasure: an erased person's name and email leave the projects', tasks', comments' and general tasks' texts. */
export async function eraseFromProjects(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const text = (c: Parameters<typeof replacedText>[0]) => replacedText(c, needles, alias);
  await tx
    .update(projects)
    .set({ name: text(projects.name), description: text(projects.description) })
    .where(
      and(
        eq(projects.organizationId, organizationId),
        holdsAny([projects.name, projects.description], needles),
      ),
    );
  await tx
    .update(tasks)
    .set({ title: text(tasks.title), description: text(tasks.description) })
    .where(
      and(eq(tasks.organizationId, organizationId), holdsAny([tasks.title, tasks.description], needles)),
    );
  await tx
    .update(taskComments)
    .set({ body: text(taskComments.body) })
    .where(
      and(
        inArray(
          taskComments.taskId,
          sql`(select ${tasks.id} from ${tasks} where ${tasks.organizationId} = ${organizationId})`,
        ),
        holdsAny([taskComments.body], needles),
      ),
    );
  await tx
    .update(generalTasks)
    .set({ name: text(generalTasks.name), description: text(generalTasks.description) })
    .where(
      and(
        eq(generalTasks.organizationId, organizationId),
        holdsAny([generalTasks.name, generalTasks.description], needles),
      ),
    );
}
