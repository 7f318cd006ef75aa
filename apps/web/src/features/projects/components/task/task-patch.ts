import type { TaskPriority, UpdateTask } from '@vahub/shared/projects/schemas';
import type { BoardTask } from '../../api/area';

/** The drawer's fields as the form holds them (ids as text, an empty estimate as ''). */
export interface TaskValues {
  title: string;
  description: string;
  assignee_id: string | null;
  due_date: string | null;
  priority: TaskPriority;
  estimate_minutes: number | string;
}

export const valuesOf = (task: BoardTask): TaskValues => ({
  title: task.title,
  description: task.description,
  assignee_id: task.assignee_id === null ? null : String(task.assignee_id),
  due_date: task.due_date,
  priority: task.priority,
  estimate_minutes: task.estimate_minutes ?? '',
});

const estimateOf = (v: number | string): number | null => {
  if (typeof v === 'number') return v;
  return v.trim() === '' ? null : Number(v);
};

/** Only what changed, as `PATCH tasks/{id}` takes it (an emptied field is sent as null). */
export function taskPatchOf(task: BoardTask, v: TaskValues): UpdateTask {
  const patch: UpdateTask = {};
  if (v.title.trim() !== task.title) patch.title = v.title;
  if (v.description !== task.description) patch.description = v.description;
  const assignee = v.assignee_id === null ? null : Number(v.assignee_id);
  if (assignee !== task.assignee_id) patch.assignee_id = assignee;
  if ((v.due_date || null) !== task.due_date) patch.due_date = v.due_date || null;
  if (v.priority !== task.priority) patch.priority = v.priority;
  const estimate = estimateOf(v.estimate_minutes);
  if (estimate !== task.estimate_minutes) patch.estimate_minutes = estimate;
  return patch;
}
