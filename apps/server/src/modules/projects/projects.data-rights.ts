import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { after, type DataScope, keysetBatches } from '../../lib/data-scope';
import { projects, tasks } from './projects.table';

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
