import { Notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBoardServer } from '../../../features/projects/fake-board-server';
import { ADA, board, comment, loadTexts, task } from '../../../features/projects/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ModalsHost } from '../../modals-host';
import { ProjectBoardPage } from './board-page';

const ROUTE = '/client-dashboard/projects/7/board';

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

async function mount(route = `${ROUTE}?task=101`) {
  await renderWithProviders(
    <>
      <Notifications />
      <ModalsHost />
      <Routes>
        <Route path="/:dashboard/projects/:id/board" element={<ProjectBoardPage />} />
      </Routes>
      <Where />
    </>,
    { route },
  );
  await screen.findAllByTestId('board-column');
  return userEvent.setup();
}

// The drawer's code loads when a task opens.
const drawer = () => screen.findByRole('dialog', { name: 'Write the brief' });
const patches = (calls: { method: string; url: URL; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PATCH');

// A loaded machine renders slowly; waiting longer for what must appear changes no assertion.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

describe('the task drawer', { timeout: 60_000 }, () => {
  it('opens from a card, with the task in the URL so it can be linked, and closes again', async () => {
    fakeBoardServer('client-access');
    const user = await mount(ROUTE);
    await user.click(screen.getByRole('button', { name: /^Write the brief/ }));
    const dialog = await drawer();
    expect(screen.getByTestId('search')).toHaveTextContent('?task=101');
    expect(within(dialog).getByTestId('tracked-time')).toHaveTextContent(
      'Tracked 1 h 30 min of 2 h estimated',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });

  it('sends only the fields that changed', async () => {
    const server = fakeBoardServer('client-access');
    const user = await mount();
    const dialog = await drawer();
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(title);
    await user.paste('Write the spring brief');
    await user.click(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    await user.click(await screen.findByRole('option', { name: 'Rico Santos' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Priority' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    const estimate = within(dialog).getByRole('textbox', { name: 'Estimate (minutes)' });
    await user.clear(estimate);
    await user.click(estimate);
    await user.paste('90');
    await user.click(within(dialog).getByRole('button', { name: 'Due date' }));
    await user.click(await screen.findByRole('button', { name: '20 January 2026' }));
    const details = within(dialog).getByRole('form', { name: 'Task details' });
    await user.click(within(details).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(patches(server.calls)).toHaveLength(1));
    expect(patches(server.calls)[0].url.pathname).toBe('/api/v1/client-access/tasks/101');
    expect(patches(server.calls)[0].body).toEqual({
      title: 'Write the spring brief',
      assignee_id: 5,
      due_date: '2026-01-20',
      priority: 'urgent',
      estimate_minutes: 90,
    });
  });

  it('shows markdown rendered with HTML escaped: a script is text, never an element', async () => {
    const payload = '<script>window.hacked = true</script> **Bold** plan';
    fakeBoardServer(
      'client-access',
      board({
        columns: [
          {
            id: 11,
            project_id: 7,
            name: 'To do',
            position: 'c11',
            tasks: [task(101, 11, 'Write the brief', { description: payload })],
          },
        ],
      }),
    );
    const user = await mount();
    const dialog = await drawer();
    // A described task opens on its preview.
    const preview = within(dialog).getByRole('region', { name: 'Preview of Description' });
    expect(preview.querySelector('script')).toBeNull();
    expect(preview).toHaveTextContent('<script>window.hacked = true</script> Bold plan');
    expect(preview.querySelector('strong')).toHaveTextContent('Bold');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    const tabs = within(dialog).getByRole('tablist', { name: 'Description: write or preview' });
    await user.click(within(tabs).getByRole('tab', { name: 'Write' }));
    const field = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.click(field);
    await user.paste('<img src=x onerror="window.hacked=true">');
    await user.click(within(tabs).getByRole('tab', { name: 'Preview' }));
    const again = within(dialog).getByRole('region', { name: 'Preview of Description' });
    expect(again.querySelector('img')).toBeNull();
    expect(again).toHaveTextContent('<img src=x onerror="window.hacked=true">');
  });

  it('adds a comment with a mention, edits it and deletes it', async () => {
    const server = fakeBoardServer('client-access');
    const user = await mount();
    const dialog = await drawer();
    const list = await within(dialog).findAllByTestId('comment');
    expect(list).toHaveLength(1);
    expect(within(list[0]).getByText('draft').tagName).toBe('STRONG');

    const field = within(dialog).getByRole('textbox', { name: 'New comment' });
    await user.click(field);
    await user.paste('Over to you');
    await user.click(within(dialog).getByRole('button', { name: 'Mention' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rico Santos' }));
    await waitFor(() => expect(field).toHaveValue('Over to you @[Rico Santos](#user-5) '));
    await user.click(within(dialog).getByRole('button', { name: 'Comment' }));

    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const post = server.calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/client-access/tasks/101/comments');
    expect(post?.body).toEqual({ body: 'Over to you @[Rico Santos](#user-5)' });
    await waitFor(() => expect(within(dialog).getAllByTestId('comment')).toHaveLength(2));
    expect(field).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Edit the comment by Ada Admin' }));
    const mine = within(dialog).getByRole('listitem', { name: 'Comment by Ada Admin' });
    const edit = within(mine).getByRole('textbox', { name: 'Edit the comment' });
    await user.clear(edit);
    await user.click(edit);
    await user.paste('Over to you, Rico');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(server.calls)).toHaveLength(1));
    expect(patches(server.calls)[0].url.pathname).toBe('/api/v1/client-access/tasks-comments/2');
    expect(patches(server.calls)[0].body).toEqual({ body: 'Over to you, Rico' });
    expect(await within(dialog).findByText('Over to you, Rico')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete the comment by Ada Admin' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(server.calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(
      '/api/v1/client-access/tasks-comments/2',
    );
    await waitFor(() => expect(within(dialog).getAllByTestId('comment')).toHaveLength(1));
  });

  it('offers edit and delete only where the server allows them', async () => {
    fakeBoardServer('client-access', board(), [
      comment(1, 'Not yours', { can_edit: false, can_delete: false }),
      comment(2, 'Yours to delete only', {
        author: ADA,
        author_id: ADA.id,
        can_edit: false,
        can_delete: true,
      }),
    ]);
    await mount();
    const dialog = await drawer();
    const [theirs, mine] = await within(dialog).findAllByTestId('comment');
    expect(within(theirs).queryByRole('button')).not.toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Delete the comment by Ada Admin' })).toBeInTheDocument();
  });
});
