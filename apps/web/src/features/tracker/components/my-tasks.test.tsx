import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TaskListItem } from '@vahub/shared/projects/schemas';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import { attendance, currentShift } from '@vahub/tracker-core/test-helpers';
import i18n from 'i18next';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, person } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import type { TimerModel } from '../lib/use-timer';
import en from '../locales/en.json';
import { MyTasks } from './my-tasks';
import { TaskPicker } from './task-picker';

const item = (id: number, title: string, o: Partial<TaskListItem> = {}): TaskListItem => ({
  id,
  project_id: 1,
  column_id: 1,
  title,
  description: '',
  assignee_id: 7,
  assignee: person(7, 'Ana Cruz'),
  due_date: null,
  priority: 'medium',
  position: 'a0',
  estimate_minutes: null,
  completed_at: null,
  created_by: 3,
  created_at: '2026-03-01T00:00:00Z',
  updated_at: '2026-03-01T00:00:00Z',
  tracked_seconds: 0,
  comment_count: 0,
  project: { id: 1, name: 'Website', color: '#1c7ed6' },
  column: { id: 1, name: 'To do' },
  ...o,
});

/** My tasks 12 and 13 (13 of another client's project: not pickable under this shift's contract). */
function serve(mine: TaskListItem[]) {
  return mockApi((url) => {
    if (url.pathname.endsWith('/va-access/tasks'))
      return { data: mine, meta: { current_page: 1, per_page: 20, total: mine.length, last_page: 1 } };
    if (url.pathname.endsWith('/client-tasks/contract/1'))
      return {
        data: [
          {
            id: 12,
            title: 'Fix the login',
            project: { id: 1, name: 'Website', color: '#1c7ed6' },
            column: { id: 1, name: 'To do' },
            priority: 'high',
            due_date: '2026-03-05',
            assigned_to_me: true,
            tracked_seconds: 4800,
          },
        ],
      };
    if (url.pathname.endsWith('/general-tasks')) return { data: [] };
    if (url.pathname.endsWith('/attendance/task-log'))
      return { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } };
    return { status: 404, body: { message: 'Not found' } };
  });
}

describe('MyTasks on the VA home', () => {
  beforeAll(async () => {
    await renderWithProviders(<div />);
    i18n.addResourceBundle('en', 'tracker', en);
  });

  it('lists my open tasks with project, priority, due date and tracked time, asked for by assignee', async () => {
    const { calls } = serve([
      item(12, 'Fix the login', { priority: 'high', due_date: '2026-03-05', tracked_seconds: 4800 }),
      item(13, 'Other client work', { project: { id: 9, name: 'Shop', color: '#e03131' } }),
    ]);
    const onTrack = vi.fn();
    await renderWithProviders(<MyTasks userId={7} contractId={1} current={null} onTrack={onTrack} />);
    const rows = await screen.findAllByTestId('my-task');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Fix the login');
    expect(rows[0]).toHaveTextContent('Website');
    expect(within(rows[0]).getByTestId('my-task-priority')).toHaveTextContent(en.myTasks.priority.high);
    expect(rows[0]).toHaveTextContent('Due Mar 5');
    expect(within(rows[0]).getByTestId('my-task-tracked')).toHaveTextContent('1 h 20 min tracked');
    expect(rows[1]).toHaveTextContent(en.myTasks.noDue);
    const query = calls.find((c) => c.url.pathname === '/api/v1/va-access/tasks')?.url.searchParams;
    expect(query?.get('assignee_id')).toBe('7');
    expect(query?.get('open')).toBe('true');

    // A task of another client cannot be tracked on this shift.
    const other = within(rows[1]).getByRole('button', { name: 'Track this: Other client work' });
    expect(await within(rows[1]).findByText(en.myTasks.notThisShift)).toBeInTheDocument();
    expect(other).toBeDisabled();
    await userEvent.click(within(rows[0]).getByRole('button', { name: 'Track this: Fix the login' }));
    expect(onTrack).toHaveBeenCalledWith({ kind: 'task', id: 12, title: 'Fix the login' });
  }, 20_000);

  it('says when nothing is assigned', async () => {
    serve([]);
    await renderWithProviders(<MyTasks userId={7} contractId={1} current={null} onTrack={vi.fn()} />);
    expect(await screen.findByTestId('my-tasks-empty')).toHaveTextContent(en.myTasks.empty);
  });

  it('"Track this" makes the task the timer\'s current one, shown in the picker and as tracking', async () => {
    serve([item(12, 'Fix the login')]);
    const current = currentShift(attendance({ id: 5, contract_id: 1, status: 'ongoing' }));
    // The VA home composes both on one timer model.
    function Home() {
      const [task, setTask] = useState<CurrentTask | null>(null);
      const model = { role: 'leader', snapshot: null, current, task, setTask } as unknown as TimerModel;
      return (
        <>
          <TaskPicker model={model} timezone="UTC" />
          <MyTasks userId={7} contractId={1} current={task} onTrack={setTask} />
        </>
      );
    }
    await renderWithProviders(<Home />);
    const track = await screen.findByRole('button', { name: 'Track this: Fix the login' });
    await vi.waitFor(() => expect(track).toBeEnabled());
    await userEvent.click(track);
    expect(screen.getByRole('combobox', { name: en.task.label })).toHaveValue('Fix the login');
    expect(within(screen.getByTestId('my-task')).getByText(en.myTasks.tracking)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Track this: Fix the login' })).toBeNull();
  }, 20_000);
});
