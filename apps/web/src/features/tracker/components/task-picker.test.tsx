import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import type { PickableTask } from '@vahub/shared/projects/schemas';
import type { TimerHandle, TrackerClock } from '@vahub/tracker-core/clock';
import { MemoryOutboxStore } from '@vahub/tracker-core/outbox';
import { attendance, currentShift } from '@vahub/tracker-core/test-helpers';
import { TrackerClient } from '@vahub/tracker-core/tracker-client';
import i18n from 'i18next';
import { useSyncExternalStore } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { webTransport } from '../api/tracker-calls';
import { LocalTaskStore, taskStoreKey } from '../lib/local-task-store';
import type { TimerModel } from '../lib/use-timer';
import en from '../locales/en.json';
import { TaskPicker } from './task-picker';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const pickable = (id: number, title: string, project: string, mine = false): PickableTask => ({
  id,
  title,
  project: { id: project === 'Website' ? 1 : 2, name: project, color: '#7950f2' },
  column: { id: 1, name: 'To do' },
  priority: 'medium',
  due_date: null,
  assigned_to_me: mine,
  tracked_seconds: 0,
});

/** Time the test moves by hand: the tracker's minute passes without waiting and without faking the DOM's timers. */
class ManualClock implements TrackerClock {
  private t = T0;
  private n = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number): TimerHandle => {
    this.timers.set(++this.n, { at: this.t + ms, fn });
    return this.n;
  };
  clearTimeout = (handle: TimerHandle) => {
    this.timers.delete(handle as number);
  };
  advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
  }
}

/** The fake server: the shift (contract 1), the task lists, today's task log, and the pings it received. */
function fakeServer() {
  let shift = attendance({ id: 5, contract_id: 1, timezone: 'UTC' });
  const pings: PingInput[] = [];
  // The shift's task as the server keeps it (the VA's other trackers follow it).
  let task: unknown = null;
  const api = mockApi((url, _method, body) => {
    const path = url.pathname;
    if (path.endsWith('/attendance/current/user'))
      return currentShift(shift, { current_task: shift.status === 'ongoing' ? (task as null) : null });
    if (path.endsWith('/attendance/current-task')) {
      task = (body as { task: unknown }).task;
      return body;
    }
    if (path.endsWith('/attendance/clock-in')) {
      shift = { ...shift, status: 'ongoing', started_at: new Date(T0).toISOString() };
      return shift;
    }
    if (path.endsWith('/attendance/pings')) {
      const batch = (body as { pings: PingInput[] }).pings;
      pings.push(...batch);
      return { accepted: batch.length, duplicates: 0, rejected: [], attendance: shift };
    }
    if (path.endsWith('/client-tasks/contract/1'))
      return {
        data: [
          pickable(12, 'Fix the login', 'Website', true),
          pickable(14, 'Write the FAQ', 'Docs'),
          pickable(15, 'New logo', 'Website'),
        ],
      };
    if (path.endsWith('/general-tasks'))
      return { data: [{ id: 3, name: 'Meetings', description: '', active: true, created_at: '' }] };
    if (path.endsWith('/attendance/task-log'))
      return {
        data: [
          { date: '2026-03-02', contract_id: 1, task_id: 12, general_task_id: null, seconds: 3900 },
          { date: '2026-03-02', contract_id: 1, task_id: null, general_task_id: 3, seconds: 600 },
        ].map((r) => ({ ...r, first_at: '', last_at: '' })),
        meta: { current_page: 1, per_page: 100, total: 2, last_page: 1 },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
  return { api, pings };
}

/** The timer model over a real tracker client (as `useTimer` gives it in the leading tab). */
function LiveTimer({ client }: { client: TrackerClient }) {
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const model: TimerModel = {
    role: 'leader',
    snapshot,
    current: snapshot.current,
    currentError: null,
    online: true,
    idle: 'unsupported',
    capture: null,
    share: { state: 'off', surface: null },
    task: snapshot.task ?? null,
    setTask: (task) => client.setTask(task),
    retry: () => {},
    clockIn: async () => {
      await client.clockIn();
    },
    clockOut: async () => {
      await client.clockOut();
    },
    grantIdle: async () => {},
    startShare: async () => {},
    stopShare: () => {},
  };
  return <TaskPicker model={model} timezone="UTC" />;
}

async function pick(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: en.task.label }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('TaskPicker in the web timer', () => {
  beforeAll(async () => {
    await renderWithProviders(<div />);
    i18n.addResourceBundle('en', 'tracker', en);
  });

  it('lists my tasks, the other tasks by project and the general tasks; the pick names the next pings', async () => {
    const { pings, api } = fakeServer();
    const clock = new ManualClock();
    const client = new TrackerClient({
      transport: webTransport,
      store: new MemoryOutboxStore(),
      clock,
      uuid: () => crypto.randomUUID(),
      source: 'web',
      taskStore: new LocalTaskStore(taskStoreKey(7)),
    });
    await client.start();
    await renderWithProviders(<LiveTimer client={client} />);

    // Before clock-in: the groups, and a pick that waits for the shift.
    await userEvent.click(screen.getByRole('combobox', { name: en.task.label }));
    for (const group of [en.task.mine, 'Website', 'Docs', en.task.general])
      expect(await screen.findByText(group)).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Fix the login',
      'Write the FAQ', // Docs: the server listed it before Website's other task
      'New logo',
      'Meetings',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Fix the login' }));
    expect(client.getSnapshot().task).toEqual({ kind: 'task', id: 12, title: 'Fix the login' });
    expect(screen.getByTestId('task-applies')).toHaveTextContent(en.task.appliesAtClockIn);
    // Time on it today, from the task log.
    expect(await screen.findByTestId('task-today')).toHaveTextContent('Today on this task: 1 h 5 min');
    expect(JSON.parse(localStorage.getItem(taskStoreKey(7)) ?? 'null')).toMatchObject({
      task: { id: 12 },
      attendanceId: null,
    });

    await act(() => client.clockIn());
    await waitFor(() => expect(screen.queryByTestId('task-applies')).toBeNull());
    await act(async () => {
      clock.advance(60_000);
      await client.flush();
    });
    expect(pings.at(-1)).toMatchObject({ task_id: 12, source: 'web', at: '2026-03-02T09:01:00.000Z' });
    expect(pings.at(-1)).not.toHaveProperty('general_task_id');
    // The server heard of it at clock-in, for the VA's other trackers (the desktop agent).
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { attendance_id: 5, task: { kind: 'task', id: 12 } },
    ]);

    // A switch: the next ping names the general task.
    await pick('Meetings');
    expect(await screen.findByTestId('task-today')).toHaveTextContent('Today on this task: 10 min');
    await act(async () => {
      clock.advance(60_000);
      await client.flush();
    });
    expect(pings.at(-1)).toMatchObject({ general_task_id: 3 });
    expect(pings.at(-1)).not.toHaveProperty('task_id');

    // Cleared: no task on the next ping.
    await userEvent.click(screen.getByRole('button', { name: en.task.clear }));
    await act(async () => {
      clock.advance(60_000);
      await client.flush();
    });
    expect(pings).toHaveLength(3);
    expect(pings[2]).not.toHaveProperty('task_id');
    expect(pings[2]).not.toHaveProperty('general_task_id');
    client.stop();
  }, 30_000);

  it('says so when the tasks cannot be loaded', async () => {
    mockApi(() => ({ status: 500, body: { message: 'boom' } }));
    const c = currentShift(attendance({ id: 5, contract_id: 1 }));
    const model = {
      role: 'leader',
      snapshot: null,
      current: c,
      task: null,
      setTask: vi.fn(),
    } as unknown as TimerModel;
    await renderWithProviders(<TaskPicker model={model} timezone="UTC" />);
    expect(await screen.findByText(en.task.loadFailed)).toBeInTheDocument();
  });
});
