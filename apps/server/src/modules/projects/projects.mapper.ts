import type { BoardColumn, GeneralTask, Project, Task, TaskComment } from '@vahub/shared/projects/schemas';
import { iso } from '../../lib/clock';
import type { Viewer } from '../../lib/viewer';
import { toPerson } from '../contracts/public';
import type { PersonCard } from '../people/public';
import type { ColumnRow, ProjectRow, TaskRow } from './projects.scope';
import type { generalTasks, taskComments } from './projects.table';

/** A project's counts and time: every task, the open ones (not in the last column), tracked seconds. */
export type ProjectFigures = { taskCount: number; openTaskCount: number; trackedSeconds: number };
export const NO_FIGURES: ProjectFigures = { taskCount: 0, openTaskCount: 0, trackedSeconds: 0 };

const instant = (d: Date) => iso(d) ?? '';

export const toProject = (row: ProjectRow, client: PersonCard, figures: ProjectFigures): Project => ({
  id: row.id,
  client_id: row.clientId,
  name: row.name,
  description: row.description,
  status: row.status,
  color: row.color,
  created_by: row.createdBy,
  created_at: instant(row.createdAt),
  updated_at: instant(row.updatedAt),
  client: toPerson(client),
  task_count: figures.taskCount,
  open_task_count: figures.openTaskCount,
  tracked_seconds: figures.trackedSeconds,
});

export const toColumn = (row: ColumnRow): BoardColumn => ({
  id: row.id,
  project_id: row.projectId,
  name: row.name,
  position: row.position,
});

export const toTask = (
  row: TaskRow,
  extra: { assignee: PersonCard | null; trackedSeconds: number; commentCount: number },
): Task => ({
  id: row.id,
  project_id: row.projectId,
  column_id: row.columnId,
  title: row.title,
  description: row.description,
  assignee_id: row.assigneeId,
  assignee: extra.assignee ? toPerson(extra.assignee) : null,
  due_date: row.dueDate,
  priority: row.priority,
  position: row.position,
  estimate_minutes: row.estimateMinutes,
  completed_at: iso(row.completedAt),
  created_by: row.createdBy,
  created_at: instant(row.createdAt),
  updated_at: instant(row.updatedAt),
  tracked_seconds: extra.trackedSeconds,
  comment_count: extra.commentCount,
});

type CommentRow = typeof taskComments.$inferSelect;

/** A comment as the viewer sees it: its author edits it; its author or an admin deletes it. */
export const toComment = (row: CommentRow, author: PersonCard | null, viewer: Viewer): TaskComment => {
  const mine = row.authorId === viewer.userId;
  return {
    id: row.id,
    task_id: row.taskId,
    author_id: row.authorId,
    author: author ? toPerson(author) : null,
    body: row.body,
    edited: row.updatedAt.getTime() > row.createdAt.getTime(),
    created_at: instant(row.createdAt),
    updated_at: instant(row.updatedAt),
    can_edit: mine,
    can_delete: mine || viewer.isAdmin,
  };
};

export const toGeneralTask = (row: typeof generalTasks.$inferSelect): GeneralTask => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
  created_at: instant(row.createdAt),
});
