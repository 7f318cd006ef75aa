import { msg } from '@vahub/shared/api/messages';
import { ATTENDANCE_MESSAGES } from '@vahub/shared/attendance/messages';
import { MAX_RANGE_DAYS } from '@vahub/shared/attendance/schemas';
import { CONTRACT_MESSAGES } from '@vahub/shared/contracts/messages';
import type { ProjectTimeReport, projectTimeQuerySchema } from '@vahub/shared/projects/schemas';
import { addDays, daysBetween } from '@vahub/shared/time/dates';
import { localDate } from '@vahub/shared/time/zoned';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fieldError } from '../../lib/errors';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { trackedSecondsByItem } from '../attendance/public';
import { peopleOf, personIn } from '../contracts/public';
import { assertVisibleClient, projectScope, taskIsOpenSql } from './projects.scope';
import { projects, tasks } from './projects.table';

type Query = z.output<typeof projectTimeQuerySchema>;
type Row = ProjectTimeReport['data'][number];

/** The period: given dates, else the 30 days up to the viewer's today (or from the given start). */
function periodOf(viewer: Viewer, now: Date, q: Query) {
  const today = localDate(now, viewer.timezone || 'UTC');
  const end = q.end_date ?? (q.start_date ? addDays(q.start_date, 29) : today);
  const start = q.start_date ?? addDays(end, -29);
  if (end < start) throw fieldError('end_date', CONTRACT_MESSAGES.end_before_start);
  if (daysBetween(start, end) > MAX_RANGE_DAYS)
    throw fieldError('end_date', msg(ATTENDANCE_MESSAGES.range_too_long, { max: MAX_RANGE_DAYS }));
  return { start, end };
}

/**
 * `GET reports/projects` (admin, manager, client; each their scope): tracked seconds per project and per task
 * over a period (the shifts' local dates, as the timesheets count them), with the tasks done and open now.
 * Every active project is listed; an archived one only when time was tracked on it in the period. Most
 * tracked first. Time tracked on a task since deleted is no longer attributed to its project.
 */
export async function projectTimeReport(deps: Deps, viewer: Viewer, q: Query): Promise<ProjectTimeReport> {
  await assertVisibleClient(deps.db, viewer, q.client_id);
  const { start, end } = periodOf(viewer, deps.clock.now(), q);
  const where = and(
    projectScope(viewer),
    q.client_id ? eq(projects.clientId, q.client_id) : undefined,
  ) as SQL;
  const projectRows = await deps.db
    .select({
      id: projects.id,
      name: projects.name,
      color: projects.color,
      client_id: projects.clientId,
      status: projects.status,
    })
    .from(projects)
    .where(where);
  const ids = projectRows.map((p) => p.id);
  if (!ids.length) return { data: [], meta: { start_date: start, end_date: end, total_seconds: 0 } };
  const [taskRows, seconds, clients] = await Promise.all([
    deps.db
      .select({ id: tasks.id, projectId: tasks.projectId, title: tasks.title, open: taskIsOpenSql() })
      .from(tasks)
      .where(inArray(tasks.projectId, ids))
      .orderBy(asc(tasks.id)),
    trackedSecondsByItem(
      deps.db,
      viewer.organizationId,
      {
        taskIds: sql`(select ${tasks.id} from ${tasks} inner join ${projects} on ${projects.id} = ${tasks.projectId} where ${where})`,
      },
      { from: start, to: end },
    ),
    peopleOf(deps.db, new Set(projectRows.map((p) => p.client_id))),
  ]);
  const byProject = new Map<number, Row>(
    projectRows.map(({ status: _status, ...project }) => [
      project.id,
      {
        project,
        client: personIn(clients, project.client_id),
        tracked_seconds: 0,
        tasks_done: 0,
        tasks_open: 0,
        by_task: [],
      },
    ]),
  );
  for (const task of taskRows) {
    const row = byProject.get(task.projectId);
    if (!row) continue;
    if (task.open) row.tasks_open++;
    else row.tasks_done++;
    const tracked = seconds.get(task.id) ?? 0;
    if (!tracked) continue;
    row.tracked_seconds += tracked;
    row.by_task.push({ task_id: task.id, title: task.title, tracked_seconds: tracked });
  }
  const active = new Set(projectRows.filter((p) => p.status === 'active').map((p) => p.id));
  const data = [...byProject.values()]
    .filter((r) => active.has(r.project.id) || r.tracked_seconds > 0)
    .map((r) => ({
      ...r,
      by_task: r.by_task.sort((a, b) => b.tracked_seconds - a.tracked_seconds || a.task_id - b.task_id),
    }))
    .sort(
      (a, b) =>
        b.tracked_seconds - a.tracked_seconds ||
        a.project.name.localeCompare(b.project.name) ||
        a.project.id - b.project.id,
    );
  const total = data.reduce((sum, r) => sum + r.tracked_seconds, 0);
  return { data, meta: { start_date: start, end_date: end, total_seconds: total } };
}
