import type { PickableTask } from '@vahub/shared/projects/schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { trackedSecondsByItem } from '../attendance/public';
import { engineContract } from '../contracts/public';
import { taskIsOpenSql } from './projects.scope';
import { boardColumns, projects, tasks } from './projects.table';
import { priorityRankSql } from './projects.task-list';

/** A tracker's picker lists at most this many tasks (a board holds far fewer open ones). */
const PICKABLE_LIMIT = 500;

/**
 * `GET va-access/client-tasks/contract/{id}`: the open tasks (not in their board's last column) of the
 * active projects of that contract's client, which the VA may track time on: mine first, then the most
 * pressing, then the soonest due. The contract must be the VA's own and active, else 404.
 */
export async function pickableTasks(deps: Deps, viewer: Viewer, contractId: number) {
  const contract = await engineContract(deps.db, contractId, { organizationId: viewer.organizationId });
  if (!contract || contract.vaId !== viewer.userId || contract.status !== 'active')
    throw notFound('Contract');
  const mine = sql`(${tasks.assigneeId} is not distinct from ${viewer.userId})`;
  const rows = await deps.db
    .select({
      id: tasks.id,
      title: tasks.title,
      priority: tasks.priority,
      due_date: tasks.dueDate,
      assigned_to_me: mine,
      project: { id: projects.id, name: projects.name, color: projects.color },
      column: { id: boardColumns.id, name: boardColumns.name },
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(boardColumns, eq(boardColumns.id, tasks.columnId))
    .where(
      and(
        eq(projects.organizationId, viewer.organizationId),
        eq(projects.clientId, contract.clientId),
        eq(projects.status, 'active'),
        taskIsOpenSql(),
      ),
    )
    .orderBy(sql`${mine} desc`, priorityRankSql, sql`${tasks.dueDate} asc nulls last`, asc(tasks.id))
    .limit(PICKABLE_LIMIT);
  const seconds = rows.length
    ? await trackedSecondsByItem(deps.db, viewer.organizationId, {
        taskIds: rows.map((r) => r.id),
      })
    : new Map<number, number>();
  const data: PickableTask[] = rows.map((r) => ({
    ...r,
    assigned_to_me: Boolean(r.assigned_to_me),
    tracked_seconds: seconds.get(r.id) ?? 0,
  }));
  return { data };
}
