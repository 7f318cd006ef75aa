import type { PickableTask } from '@vahub/shared/projects/schemas';
import { describe, expect, it } from 'vitest';
import { secondsOnTask, taskFromValue, taskGroups } from './task-options';

const task = (id: number, title: string, project: string, mine = false): PickableTask => ({
  id,
  title,
  project: { id: project.length, name: project, color: '#7950f2' },
  column: { id: 1, name: 'To do' },
  priority: 'medium',
  due_date: null,
  assigned_to_me: mine,
  tracked_seconds: 0,
});
const labels = { mine: 'My tasks', general: 'General', current: 'Current' };
const general = [{ id: 3, name: 'Meetings', description: '', active: true, created_at: '' }];

describe('taskGroups', () => {
  it('puts my tasks first, then the others by project in the server order, then the general tasks', () => {
    const groups = taskGroups(
      [
        task(12, 'Fix the login', 'Website', true),
        task(14, 'Write the FAQ', 'Docs'),
        task(15, 'Logo', 'Website'),
      ],
      general,
      null,
      labels,
    );
    expect(groups).toEqual([
      { group: 'My tasks', items: [{ value: 'task:12', label: 'Fix the login' }] },
      { group: 'Docs', items: [{ value: 'task:14', label: 'Write the FAQ' }] },
      { group: 'Website', items: [{ value: 'task:15', label: 'Logo' }] },
      { group: 'General', items: [{ value: 'general:3', label: 'Meetings' }] },
    ]);
    expect(taskFromValue('general:3', groups)).toEqual({ kind: 'general', id: 3, title: 'Meetings' });
    expect(taskFromValue('task:99', groups)).toEqual({ kind: 'task', id: 99 });
    expect(taskFromValue('nonsense', groups)).toBeNull();
  });

  it('keeps the current task listed after it left the lists (done, reassigned)', () => {
    const groups = taskGroups([], general, { kind: 'task', id: 20, title: 'Old task' }, labels);
    expect(groups[0]).toEqual({ group: 'Current', items: [{ value: 'task:20', label: 'Old task' }] });
    expect(taskGroups([], general, { kind: 'general', id: 3 }, labels)).toHaveLength(1);
  });
});

describe('secondsOnTask', () => {
  it('adds up the rows of that task (every contract), not of a general task with the same id', () => {
    const rows = [
      { task_id: 12, general_task_id: null, seconds: 600 },
      { task_id: 12, general_task_id: null, seconds: 120 },
      { task_id: null, general_task_id: 12, seconds: 999 },
      { task_id: null, general_task_id: null, seconds: 50 },
    ];
    expect(secondsOnTask(rows, { kind: 'task', id: 12 })).toBe(720);
    expect(secondsOnTask(rows, { kind: 'general', id: 12 })).toBe(999);
  });
});
