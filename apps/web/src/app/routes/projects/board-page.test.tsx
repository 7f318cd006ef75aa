import { Notifications } from '@mantine/notifications';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBoardServer } from '../../../features/projects/fake-board-server';
import { board, columnsOnScreen, loadTexts } from '../../../features/projects/test-utils';
import { nowSeconds, saveSession } from '../../../lib/session';
import { useRealtimeConnection } from '../../../lib/use-realtime';
import { FakeSocket } from '../../../test/fake-socket';
import { renderWithProviders } from '../../../test/render';
import { ModalsHost } from '../../modals-host';
import { ProjectBoardPage } from './board-page';

const ROUTE = '/admin-dashboard/projects/7/board';
const START = {
  'To do': ['Write the brief', 'Collect logos'],
  'In progress': ['Build pages'],
  Done: [],
};

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

function Live() {
  useRealtimeConnection();
  return null;
}

async function mount(route = ROUTE, { live = false } = {}) {
  const { client } = await renderWithProviders(
    <>
      {live && <Live />}
      <Notifications />
      <ModalsHost />
      <Routes>
        <Route path="/:dashboard/projects/:id/board" element={<ProjectBoardPage />} />
        <Route path="/:dashboard/projects" element={<p>Projects list</p>} />
      </Routes>
      <Where />
    </>,
    { route },
  );
  await screen.findAllByTestId('board-column');
  return Object.assign(userEvent.setup(), { client });
}

const column = (name: string) => screen.getByRole('region', { name });
const card = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });
const moves = (calls: { method: string; url: URL; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/move'));

// A loaded machine renders slowly; waiting longer for what must appear changes no assertion.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(async () => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  saveSession(
    { token: 'access', refreshToken: 'refresh', tokenExpire: nowSeconds() + 600, authUser: null },
    true,
  );
  await loadTexts();
});
afterEach(() => vi.unstubAllGlobals());

describe('the board', { timeout: 30_000 }, () => {
  it('shows the columns side by side with their tasks in order, and what each card says', async () => {
    fakeBoardServer();
    await mount();
    expect(columnsOnScreen()).toEqual(START);
    const brief = card('Write the brief');
    expect(within(brief).getByText('High')).toBeInTheDocument();
    // Due 2026-01-05, before today: red and said so.
    expect(within(brief).getByTestId('task-due')).toHaveTextContent('Overdue since');
    expect(within(brief).getByText('1 h 30 min')).toBeInTheDocument();
    expect(within(brief).getByText('2 comments')).toBeInTheDocument();
    expect(within(brief).getByText('Assigned to Ana Cruz')).toBeInTheDocument();
    expect(within(column('Done')).getByText('No tasks')).toBeInTheDocument();
  });

  it('moves a task with the keyboard: Space lifts, arrows move, Space drops, and the move is sent', async () => {
    const server = fakeBoardServer();
    const user = await mount();
    const brief = card('Write the brief');
    expect(brief).toHaveAttribute('aria-roledescription', 'draggable task');
    brief.focus();
    await user.keyboard('[Space]');
    expect(await screen.findByText('Lifted. Write the brief: To do, position 1 of 2.')).toBeInTheDocument();
    await user.keyboard('[ArrowRight]');
    // In the next column, at the same height: above "Build pages".
    await waitFor(() => expect(columnsOnScreen()['In progress']).toEqual(['Write the brief', 'Build pages']));
    expect(screen.getByText('Write the brief: In progress, position 1 of 2.')).toBeInTheDocument();
    await user.keyboard('[ArrowDown]');
    await waitFor(() => expect(columnsOnScreen()['In progress']).toEqual(['Build pages', 'Write the brief']));
    expect(moves(server.calls)).toHaveLength(0);
    await user.keyboard('[Space]');

    await waitFor(() => expect(moves(server.calls)).toHaveLength(1));
    expect(
      await screen.findByText('Dropped. Write the brief: In progress, position 2 of 2.'),
    ).toBeInTheDocument();
    expect(moves(server.calls)[0].url.pathname).toBe(`${server.base}/tasks/101/move`);
    expect(moves(server.calls)[0].body).toEqual({ column_id: 12, after_id: 103, before_id: null });
    await waitFor(() =>
      expect(columnsOnScreen()).toEqual({
        'To do': ['Collect logos'],
        'In progress': ['Build pages', 'Write the brief'],
        Done: [],
      }),
    );
  });

  it('shows the move before the server answers, and puts the task back with the reason when it refuses', async () => {
    const server = fakeBoardServer();
    server.refuse((method, path) => method === 'POST' && path.endsWith('/move'), {
      status: 422,
      body: {
        message: 'This project is archived: restore it before changing its tasks',
        message_code: { code: 'projects.archived' },
      },
    });
    // Hold the move's answer until the test has seen the board, and any reread of the board until the end:
    // what the test sees after the refusal is the rollback, not a refetch.
    const inner = globalThis.fetch;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const never = new Promise<void>(() => {});
    let reads = 0;
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/move')) {
        sent.push(JSON.parse(String(init?.body)));
        await answered;
      }
      if (url.includes('/task-boards/') && ++reads > 1) await never;
      return inner(input, init);
    });
    const user = await mount();
    await user.click(screen.getByRole('button', { name: 'Actions for Collect logos' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Done' }));

    await waitFor(() => expect(sent).toEqual([{ column_id: 13, after_id: null, before_id: null }]));
    // Sent, not answered, and already shown.
    expect(columnsOnScreen()).toEqual({ ...START, 'To do': ['Write the brief'], Done: ['Collect logos'] });
    expect(moves(server.calls)).toHaveLength(0);

    answer();
    expect(
      await screen.findByText('This project is archived: restore it before changing its tasks'),
    ).toBeInTheDocument();
    await waitFor(() => expect(columnsOnScreen()).toEqual(START));
    expect(reads).toBe(2);
  });

  it('moves a task up from its menu (without dragging) between the right neighbours', async () => {
    const server = fakeBoardServer();
    const user = await mount();
    await user.click(screen.getByRole('button', { name: 'Actions for Collect logos' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    await waitFor(() => expect(moves(server.calls)).toHaveLength(1));
    expect(moves(server.calls)[0].body).toEqual({ column_id: 11, after_id: null, before_id: 101 });
    await waitFor(() => expect(columnsOnScreen()['To do']).toEqual(['Collect logos', 'Write the brief']));
  });

  it('asks where the tasks of a column go before deleting it, and sends that as move_to', async () => {
    const server = fakeBoardServer();
    const user = await mount();
    await user.click(screen.getByRole('button', { name: 'Actions for the column To do' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete column' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the column To do?' });
    expect(within(dialog).getByText(/This column holds 2 tasks/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete column' }));
    expect(await within(dialog).findByText('Choose a column for the tasks')).toBeInTheDocument();
    expect(server.count('DELETE', '/board-columns/11')).toBe(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Move its tasks to' }));
    await user.click(await screen.findByRole('option', { name: 'Done' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete column' }));

    await waitFor(() => expect(server.count('DELETE', '/board-columns/11')).toBe(1));
    const removal = server.calls.find((c) => c.method === 'DELETE');
    expect(removal?.url.searchParams.get('move_to')).toBe('13');
    await waitFor(() =>
      expect(columnsOnScreen()).toEqual({
        'In progress': ['Build pages'],
        Done: ['Write the brief', 'Collect logos'],
      }),
    );
  });

  it("refetches the board when the server says this project's board changed, not another's", async () => {
    const server = fakeBoardServer();
    const { client } = await mount(ROUTE, { live: true });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0];
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    socket.says('ready', { user_id: 1, connection_id: 'c' });
    const reads = () => server.count('GET', '/task-boards/client-project/7');
    const stale = () =>
      client
        .getQueryCache()
        .findAll({ queryKey: ['projects'] })
        .some((q) => q.state.isInvalidated);
    const before = reads();

    // Another project's change: however long one waits, nothing on this page is refetched.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    socket.says('board.changed', { project_id: 8, task_id: null, action: 'task.moved' });
    vi.advanceTimersByTime(60_000);
    expect(stale()).toBe(false);
    vi.useRealTimers();

    socket.says('board.changed', { project_id: 7, task_id: 102, action: 'task.moved' });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('adds a task inline at the end of a column', async () => {
    const server = fakeBoardServer();
    const user = await mount();
    await user.click(screen.getByRole('button', { name: 'Add task to In progress' }));
    const title = screen.getByRole('textbox', { name: 'Title of the new task in In progress' });
    await user.click(title);
    await user.paste('Test the forms');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.count('POST', '/tasks')).toBe(1));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      project_id: 7,
      column_id: 12,
      title: 'Test the forms',
    });
    await waitFor(() => expect(columnsOnScreen()['In progress']).toEqual(['Build pages', 'Test the forms']));
    // The field stays open, empty, for the next one.
    expect(title).toHaveValue('');
  });

  it('deletes the project after a confirmation and goes back to the list', async () => {
    const server = fakeBoardServer();
    const user = await mount();
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Website relaunch?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await screen.findByText('Projects list')).toBeInTheDocument();
    expect(server.count('DELETE', '/admin-access/projects/7')).toBe(1);
  });

  it("offers a manager no project deletion and no column menus (the client's and admins' tools)", async () => {
    fakeBoardServer('manager-access', board({ can_edit_columns: false }));
    await mount('/manager-dashboard/projects/7/board');
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for the column/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add column' })).not.toBeInTheDocument();
  });

  it('keeps the filters in the URL and asks the board for them', async () => {
    const server = fakeBoardServer();
    const user = await mount();
    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Rico Santos' }));
    await user.click(screen.getByRole('combobox', { name: 'Due' }));
    await user.click(await screen.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?assignee=5&due=overdue'));
    const lastRead = () => server.calls.filter((c) => c.url.pathname.endsWith('/client-project/7')).at(-1);
    await waitFor(() =>
      expect(Object.fromEntries(lastRead()?.url.searchParams ?? [])).toEqual({
        assignee_id: '5',
        due: 'overdue',
      }),
    );
  });
});
