import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import type { Board, BoardQuery } from '@vahub/shared/projects/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, asc, between, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { activeVaIdsOfClientSql, toPerson } from '../contracts/public';
import { type PersonCard, pageOfPeople } from '../people/public';
import { figuresOfTasks, toTasks } from './projects.figures';
import { toColumn } from './projects.mapper';
import { requireProject } from './projects.scope';
import { toProjects } from './projects.service';
import { boardColumns, tasks } from './projects.table';

/** The VAs a task of this client's projects may go to: active users holding an active contract with them. */
export async function assignableVas(db: Db, clientId: number): Promise<PersonCard[]> {
  const { rows } = await pageOfPeople(db, activeVaIdsOfClientSql(clientId), {});
  return rows.filter((p) => p.status === 'active');
}

/** The board's due filter, in the viewer's own zone: what "today" means to the person looking. */
function dueFilter(due: BoardQuery['due'], today: string): SQL | undefined {
  switch (due) {
    case 'overdue':
      // A done task is no longer late.
      return and(lt(tasks.dueDate, today), isNull(tasks.completedAt));
    case 'today':
      return eq(tasks.dueDate, today);
    case 'week':
      return between(tasks.dueDate, today, addDays(today, 6));
    case 'none':
      return isNull(tasks.dueDate);
    default:
      return undefined;
  }
}

/** Whether the viewer may add, rename, reorder and remove columns: the client and admins. */
export const canEditColumns = (viewer: Viewer) => viewer.isAdmin || viewer.role === 'client';

/**
 * `GET task-boards/client-project/{id}`: the project, its columns in order, each with its tasks in order
 * (`position`, then id), filtered by assignee, priority and due date.
 */
export async function boardOf(deps: Deps, viewer: Viewer, id: number, q: BoardQuery): Promise<Board> {
  const db = deps.db;
  const row = await requireProject(db, viewer, id);
  const today = localDate(deps.clock.now(), viewer.timezone || 'UTC');
  // Unfiltered, the board holds every task of the project: the project's figures are summed from them below
  // rather than read again (tracked time is computed from the pings, the board's heaviest read).
  const filtered = Boolean(q.assignee_id || q.priority || q.due);
  const [counted, columns, taskRows, assignees] = await Promise.all([
    filtered ? toProjects(db, viewer.organizationId, [row]) : null,
    db
      .select()
      .from(boardColumns)
      .where(eq(boardColumns.projectId, id))
      .orderBy(asc(boardColumns.position), asc(boardColumns.id)),
    db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.projectId, id),
          q.assignee_id ? eq(tasks.assigneeId, q.assignee_id) : undefined,
          q.priority ? eq(tasks.priority, q.priority) : undefined,
          dueFilter(q.due, today),
        ),
      )
      .orderBy(asc(tasks.position), asc(tasks.id)),
    assignableVas(db, row.clientId),
  ]);
  const list = await toTasks(db, viewer.organizationId, taskRows);
  const [project] =
    counted ??
    (await toProjects(
      db,
      viewer.organizationId,
      [row],
      new Map([[row.id, figuresOfTasks(list, columns.at(-1)?.id)]]),
    ));
  return {
    project,
    columns: columns.map((c) => ({ ...toColumn(c), tasks: list.filter((t) => t.column_id === c.id) })),
    can_edit_columns: canEditColumns(viewer),
    assignees: assignees.map((p): PersonSummary => toPerson(p)),
  };
}
