import type { GeneralTask, PickableTask } from '@vahub/shared/projects/schemas';
import type { CurrentTask } from '@vahub/tracker-core/current-task';

/** One option of the task picker: its value names the kind and the id (`task:12`, `general:3`). */
export interface TaskOption {
  value: string;
  label: string;
}
export interface TaskGroup {
  group: string;
  items: TaskOption[];
}

export const taskValue = (task: Pick<CurrentTask, 'kind' | 'id'>): string => `${task.kind}:${task.id}`;

/** The picker's value back to a task, with its title from the lists (for the agent and the other tabs). */
export function taskFromValue(value: string, groups: TaskGroup[]): CurrentTask | null {
  const match = /^(task|general):(\d+)$/.exec(value);
  if (!match) return null;
  const title = groups.flatMap((g) => g.items).find((o) => o.value === value)?.label;
  return { kind: match[1] as CurrentTask['kind'], id: Number(match[2]), ...(title ? { title } : {}) };
}

/**
 * The picker's groups: my tasks first, then the other open tasks by project (in the server's order), then the
 * general tasks. The current task stays listed even when it left the lists (done, reassigned), so the picker
 * still names what the pings name.
 */
export function taskGroups(
  tasks: PickableTask[],
  general: GeneralTask[],
  current: CurrentTask | null,
  labels: { mine: string; general: string; current: string },
): TaskGroup[] {
  const mine = tasks.filter((t) => t.assigned_to_me);
  const byProject = new Map<string, TaskOption[]>();
  for (const t of tasks) {
    if (t.assigned_to_me) continue;
    const items = byProject.get(t.project.name) ?? [];
    items.push({ value: taskValue({ kind: 'task', id: t.id }), label: t.title });
    byProject.set(t.project.name, items);
  }
  const groups: TaskGroup[] = [];
  if (mine.length)
    groups.push({
      group: labels.mine,
      items: mine.map((t) => ({ value: taskValue({ kind: 'task', id: t.id }), label: t.title })),
    });
  for (const [group, items] of byProject) groups.push({ group, items });
  if (general.length)
    groups.push({
      group: labels.general,
      items: general.map((g) => ({ value: taskValue({ kind: 'general', id: g.id }), label: g.name })),
    });
  if (current && !groups.some((g) => g.items.some((o) => o.value === taskValue(current))))
    groups.unshift({
      group: labels.current,
      items: [{ value: taskValue(current), label: current.title ?? `#${current.id}` }],
    });
  return groups;
}

/** Seconds tracked on a task in a task log (its rows of one day, over every contract). */
export function secondsOnTask(
  rows: { task_id: number | null; general_task_id: number | null; seconds: number }[],
  task: CurrentTask,
): number {
  return rows
    .filter((r) => (task.kind === 'task' ? r.task_id === task.id : r.general_task_id === task.id))
    .reduce((sum, r) => sum + r.seconds, 0);
}
