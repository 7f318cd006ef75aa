import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  type Call,
  MANAGER,
  ME,
  mockApi,
  page,
  person,
  type Reply,
  request,
  signIn,
} from '../../../features/requests/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ModalsHost } from '../../modals-host';
import { RequestsQueuePage } from './queue-page';
import { Where } from './test-where';

const ROWS = [
  request(1),
  request(2, { type: 'sick_leave', va: person(5, 'Ana Reyes'), days: 2, has_file: true }),
];

type Handler = (url: URL, method: string, body: unknown) => Reply | undefined;

function api(base = ADMIN, detail = request(1), over: Handler = () => undefined) {
  let current = detail;
  return mockApi((url, method, body) => {
    const answer = over(url, method, body);
    if (answer !== undefined) return answer;
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${base}/user-requests`) return page(ROWS, { pending: 2 });
    if (url.pathname === `${base}/user-requests/${current.id}`) {
      if (method === 'PATCH') {
        const { status, note } = body as { status: 'approved' | 'rejected'; note?: string };
        current = { ...current, status, decision_note: note ?? null, decided_at: '2026-11-21T10:00:00Z' };
      }
      if (method === 'DELETE') return { message: 'Deleted' };
      return current;
    }
    return page([]);
  });
}

const lists = (calls: Call[], base = ADMIN) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname === `${base}/user-requests`)
    .map((c) => Object.fromEntries(c.url.searchParams));

async function mount(route: string, handler: ReturnType<typeof api>) {
  await renderWithProviders(
    <>
      <RequestsQueuePage />
      <Where />
      <ModalsHost />
    </>,
    { route },
  );
  // The first page of rows, however slow the machine: every test starts from it.
  await screen.findAllByTestId('request-row', {}, { timeout: 10_000 });
  return { ...handler, user: userEvent.setup({ delay: null }) };
}

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the requests queue', { timeout: 60_000 }, () => {
  it('shows the pending requests first, with their count', async () => {
    const { calls } = await mount('/admin-dashboard/requests', api());
    const rows = screen.getAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Vince Cruz')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Vacation leave');
    expect(rows[0]).toHaveTextContent('Dec 1 – 3, 2026');
    expect(rows[0]).toHaveTextContent('3 days');
    expect(screen.getByTestId('pending-count')).toHaveTextContent('2 pending');
    expect(lists(calls)[0]).toEqual({ status: 'pending', page: '1', per_page: '25' });
  });

  it('keeps its filters in the URL and asks the API for them', async () => {
    const { calls, user } = await mount('/admin-dashboard/requests?status=all&page=2', api());
    // Every status: no status sent.
    expect(lists(calls)[0]).toEqual({ page: '2', per_page: '25' });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Sick leave' }));
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent('?status=all&type=sick_leave'),
    );
    await waitFor(() =>
      expect(lists(calls).at(-1)).toEqual({ type: 'sick_leave', page: '1', per_page: '25' }),
    );

    await user.click(screen.getByRole('button', { name: 'Show pending' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
    await waitFor(() =>
      expect(lists(calls).at(-1)).toEqual({ status: 'pending', page: '1', per_page: '25' }),
    );
  });

  it('opens a request in a drawer that says what approving does, and approves it with a note', async () => {
    const { calls, user } = await mount('/admin-dashboard/requests', api());
    await user.click(await screen.findByRole('button', { name: 'Open the Vacation leave of Vince Cruz' }));
    const drawer = await screen.findByRole('dialog', { name: 'Vacation leave of Vince Cruz' });
    expect(screen.getByTestId('search')).toHaveTextContent('?request=1');
    const effect = await within(drawer).findByTestId('effect');
    expect(effect).toHaveTextContent('Approving marks 3 shifts on leave:');
    expect(
      within(effect)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tue, Dec 1 · 09:00 – 17:00', 'Wed, Dec 2 · 09:00 – 17:00', 'Thu, Dec 3 · 09:00 – 17:00']);

    await user.type(within(drawer).getByRole('textbox', { name: 'Note' }), 'Enjoy');
    await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeDefined());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`${ADMIN}/user-requests/1`);
    expect(patch?.body).toEqual({ status: 'approved', note: 'Enjoy' });
    // Decided: the effect is said as done, and the decision can only be reversed.
    expect(await within(drawer).findByText('Approval marked 3 shifts on leave:')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Reverse decision: reject' })).toBeInTheDocument();
  });

  it('does not reject without a note', async () => {
    const { calls, user } = await mount('/manager-dashboard/requests?request=1', api(MANAGER));
    const drawer = await screen.findByRole('dialog', { name: 'Vacation leave of Vince Cruz' });
    await user.click(await within(drawer).findByRole('button', { name: 'Reject' }));
    expect(await within(drawer).findByText('Add a note: say why')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(within(drawer).getByRole('textbox', { name: 'Note' }), 'Peak season');
    await user.click(within(drawer).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        status: 'rejected',
        note: 'Peak season',
      }),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.url.pathname).toBe(`${MANAGER}/user-requests/1`);
    // Only the admin deletes.
    expect(within(drawer).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('reverses a decided request only with a note', async () => {
    const approved = request(1, {
      status: 'approved',
      decided_at: '2026-11-21T10:00:00Z',
      decided_by: 1,
      decider: person(1, 'Ada Admin'),
      decision_note: 'Enjoy',
    });
    const { calls, user } = await mount('/admin-dashboard/requests?request=1', api(ADMIN, approved));
    const drawer = await screen.findByRole('dialog', { name: 'Vacation leave of Vince Cruz' });
    expect(await within(drawer).findByTestId('decision')).toHaveTextContent('by Ada Admin on');
    expect(within(drawer).getByTestId('decision')).toHaveTextContent('Enjoy');
    expect(within(drawer).getByText('Rejecting now undoes what the approval did.')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Reverse decision: reject' }));
    expect(await within(drawer).findByText('Add a note: say why')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('lets the admin delete a request after a confirmation', async () => {
    const { calls, user } = await mount('/admin-dashboard/requests?request=1', api());
    const drawer = await screen.findByRole('dialog', { name: 'Vacation leave of Vince Cruz' });
    await user.click(await within(drawer).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this request?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(`${ADMIN}/user-requests/1`),
    );
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });
});
