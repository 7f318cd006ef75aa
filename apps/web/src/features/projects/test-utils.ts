import type { Board, Project, Task, TaskComment } from '@vahub/shared/projects/schemas';
import { ensureNamespace, initI18n } from '../../lib/i18n';
import { person } from '../../test/mock-api';

export { type Call, mockApi, person, type Reply } from '../../test/mock-api';

export async function loadTexts() {
  await initI18n();
  await ensureNamespace('projects');
  await ensureNamespace('errors');
}

/** The viewer: an admin in UTC (today is read in their zone). */
export const ME = { id: 1, timezone: 'UTC', time_format: '24h', roles: [{ name: 'admin' }] };

export const ACME = person(9, 'Claire Whitman', 'Acme Dental');
export const ANA = person(4, 'Ana Cruz');
export const RICO = person(5, 'Rico Santos');
/** The viewer as an author. */
export const ADA = person(1, 'Ada Admin');

const STAMP = '2026-11-01T08:00:00Z';

export function project(id: number, name: string, over: Partial<Project> = {}): Project {
  return {
    id,
    client_id: ACME.id,
    name,
    description: '',
    status: 'active',
    color: '#228be6',
    created_by: 1,
    created_at: STAMP,
    updated_at: STAMP,
    client: ACME,
    task_count: 5,
    open_task_count: 3,
    tracked_seconds: 9000,
    ...over,
  };
}

export function task(id: number, columnId: number, title: string, over: Partial<Task> = {}): Task {
  return {
    id,
    project_id: 7,
    column_id: columnId,
    title,
    description: '',
    assignee_id: null,
    assignee: null,
    due_date: null,
    priority: 'medium',
    position: `a${id}`,
    estimate_minutes: null,
    completed_at: null,
    created_by: 1,
    created_at: STAMP,
    updated_at: STAMP,
    tracked_seconds: 0,
    comment_count: 0,
    ...over,
  };
}

const column = (id: number, name: string, tasks: Task[]) => ({
  id,
  project_id: 7,
  name,
  position: `c${id}`,
  tasks,
});

/** Project 7 "Website relaunch": To do (Write the brief, Collect logos), In progress (Build pages), Done (empty). */
export function board(over: Partial<Board> = {}): Board {
  return {
    project: project(7, 'Website relaunch'),
    columns: [
      column(11, 'To do', [
        task(101, 11, 'Write the brief', {
          priority: 'high',
          assignee_id: ANA.id,
          assignee: ANA,
          due_date: '2026-01-05',
          comment_count: 2,
          tracked_seconds: 5400,
          estimate_minutes: 120,
        }),
        task(102, 11, 'Collect logos'),
      ]),
      column(12, 'In progress', [task(103, 12, 'Build pages', { priority: 'urgent' })]),
      column(13, 'Done', []),
    ],
    can_edit_columns: true,
    assignees: [ANA, RICO],
    ...over,
  };
}

export function comment(id: number, body: string, over: Partial<TaskComment> = {}): TaskComment {
  return {
    id,
    task_id: 101,
    author_id: ANA.id,
    author: ANA,
    body,
    edited: false,
    created_at: STAMP,
    updated_at: STAMP,
    can_edit: false,
    can_delete: false,
    ...over,
  };
}

export const page = <T>(data: T[], total = data.length, perPage = 20) => ({
  data,
  meta: { current_page: 1, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
});

/** The titles of each column on screen, in order. */
export function columnsOnScreen(root: ParentNode = document): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const section of root.querySelectorAll<HTMLElement>('[data-testid="board-column"]')) {
    const name = section.querySelector('h2')?.textContent ?? '';
    out[name] = [...section.querySelectorAll('[data-testid="task-card"]')].map(
      (card) => card.querySelector('p')?.textContent ?? '',
    );
  }
  return out;
}
