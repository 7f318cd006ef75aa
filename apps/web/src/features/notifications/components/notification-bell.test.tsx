import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowSeconds, saveSession } from '../../../lib/session';
import { useRealtimeConnection } from '../../../lib/use-realtime';
import { FakeSocket } from '../../../test/fake-socket';
import { renderWithProviders } from '../../../test/render';
import { NotificationBell } from './notification-bell';
import { feedApi, feedReads, loadTexts, note } from './test-utils';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function Header({ live = false }: { live?: boolean }) {
  return (
    <>
      {live && <Live />}
      <Notifications />
      <NotificationBell selfId={1} />
      <Where />
    </>
  );
}
function Live() {
  useRealtimeConnection();
  return null;
}

const ROUTE = '/va-dashboard';
// jsdom renders Mantine slowly on a busy machine: the first sight of the bell and the feed may take a while.
const SLOW = { timeout: 5000 };
const bell = (name: string | RegExp = /^Notifications/) => screen.findByRole('button', { name }, SLOW);
const feed = () => screen.findByRole('list', { name: 'Notifications' }, SLOW);

// The panel is loaded on the first open; loading it here keeps its first compile out of a test's waits.
beforeAll(() => import('./feed-panel'));
beforeEach(async () => {
  notifications.clean();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  saveSession(
    { token: 'access', refreshToken: 'refresh', tokenExpire: nowSeconds() + 600, authUser: null },
    true,
  );
  await loadTexts();
});
afterEach(() => vi.unstubAllGlobals());

describe('the bell', { timeout: 20_000 }, () => {
  it('shows the unread count from the API on its badge and in its name', async () => {
    const { calls } = feedApi([note(4), note(3), note(2, { read_at: '2026-11-20T09:30:00Z' }), note(1)]);
    await renderWithProviders(<Header />, { route: ROUTE });

    expect(await bell('Notifications, 3 unread')).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
    // The bell reads only the head of the feed, not a page of it.
    expect(feedReads(calls)).toEqual([{ per_page: '5' }]);
  });

  it('has no count when everything is read', async () => {
    feedApi([note(1, { read_at: '2026-11-20T09:30:00Z' })]);
    await renderWithProviders(<Header />, { route: ROUTE });
    const button = await bell('Notifications');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).not.toHaveTextContent(/\d/));
    expect(button).toBeInTheDocument();
  });
});

describe('the feed under the bell', { timeout: 20_000 }, () => {
  it('lists the notifications newest first with the unread ones marked, and loads more', async () => {
    const rows = Array.from({ length: 25 }, (_, i) =>
      note(25 - i, {
        title: `Notice ${25 - i}`,
        read_at: i % 2 ? '2026-11-20T09:30:00Z' : null,
      }),
    );
    feedApi(rows);
    await renderWithProviders(<Header />, { route: ROUTE });
    await userEvent.setup().click(await bell());

    // Role queries over a list this long are slow in jsdom: the items by their test id.
    const list = await feed();
    const items = within(list).getAllByTestId('notification-item');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('Notice 25');
    expect(items[0]).toHaveTextContent('unread');
    expect(items[1]).toHaveTextContent('Notice 24');
    expect(items[1]).not.toHaveTextContent('unread');

    await userEvent.setup().click(screen.getByText('Load more'));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(25));
    expect(within(list).getAllByTestId('notification-item')[24]).toHaveTextContent('Notice 1');
    expect(screen.queryByText('Load more')).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    feedApi([]);
    await renderWithProviders(<Header />, { route: ROUTE });
    await userEvent.setup().click(await bell('Notifications'));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks all read with no ids, and the badge goes', async () => {
    const { calls } = feedApi([note(3), note(2), note(1)]);
    await renderWithProviders(<Header />, { route: ROUTE });
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 3 unread'));
    await feed();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/notifications/read');
    expect(post?.body).toEqual({});
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).not.toHaveTextContent(/\d/);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Notifications' })).queryByText('unread')).toBeNull(),
    );
  });

  it('marks a pressed notification read and opens the page it links to', async () => {
    const { calls } = feedApi([
      note(2, { title: 'Your leave was approved', data: { link: '/va-dashboard/requests/status/9' } }),
      note(1, { title: 'Nothing to open' }),
    ]);
    await renderWithProviders(<Header />, { route: ROUTE });
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 2 unread'));
    await user.click(within(await feed()).getByRole('button', { name: /Your leave was approved/ }));

    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/va-dashboard/requests/status/9'),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ids: [2] });
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('opens in a drawer across the screen on a phone', async () => {
    const matchMedia = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width: 36em') || query.includes('prefers-reduced-motion'),
    }));
    feedApi([note(1, { title: 'On the phone' })]);
    await renderWithProviders(<Header />, { route: ROUTE });
    await userEvent.setup().click(await bell('Notifications, 1 unread'));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('On the phone')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Close notifications' })).toBeInTheDocument();
  });
});

describe('live notifications', { timeout: 20_000 }, () => {
  async function connect() {
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0];
    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
    });
    socket.says('ready', { user_id: 1, connection_id: 'c' });
    return socket;
  }

  it('refetches the bell on a `notification` message and toasts it in the reader’s language', async () => {
    const api = feedApi([note(1, { read_at: '2026-11-20T09:30:00Z' })]);
    const { client } = await renderWithProviders(<Header live />, { route: ROUTE });
    expect(await bell('Notifications')).toBeInTheDocument();
    const socket = await connect();
    client.setQueryData(['requests', 'GET /api/v1/va-access/requests', {}], { data: [] });
    client.setQueryData(['timesheets', 'GET /api/v1/va-access/timesheets', {}], { data: [] });

    const arrived = note(2, {
      title: 'Your sick leave was approved',
      data: { request_type: 'sick_leave', status: 'approved', request_id: 9 },
    });
    api.state.rows.unshift(arrived);
    socket.says('notification', { id: 2, type: 'request.decided', title: arrived.title });

    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Request decided');
    expect(toast).toHaveTextContent('Your sick leave request was approved');
    // A request's notification refreshes the requests on screen; the timesheets stay as they were.
    expect(client.getQueryState(['requests', 'GET /api/v1/va-access/requests', {}])?.isInvalidated).toBe(
      true,
    );
    expect(client.getQueryState(['timesheets', 'GET /api/v1/va-access/timesheets', {}])?.isInvalidated).toBe(
      false,
    );
  });

  it('refreshes the timesheets on a dispute and toasts the title when the row says too little', async () => {
    const api = feedApi([]);
    const { client } = await renderWithProviders(<Header live />, { route: ROUTE });
    await bell('Notifications');
    const socket = await connect();
    client.setQueryData(['timesheets', 'GET /api/v1/va-access/timesheets', {}], { data: [] });

    api.state.rows.unshift(note(5, { type: 'timesheet.disputed', title: "Acme disputed Vince's week" }));
    socket.says('notification', { id: 5, type: 'timesheet.disputed', title: "Acme disputed Vince's week" });

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Timesheet disputed');
    expect(toast).toHaveTextContent("Acme disputed Vince's week");
    expect(client.getQueryState(['timesheets', 'GET /api/v1/va-access/timesheets', {}])?.isInvalidated).toBe(
      true,
    );
  });

  it('reads the count again when the socket comes back after a while, not on every connect', async () => {
    const api = feedApi([note(1)]);
    const { client } = await renderWithProviders(<Header live />, { route: ROUTE });
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
    const socket = await connect();
    // Connecting right after the first read asks nothing more.
    expect(feedReads(api.calls)).toHaveLength(1);

    // The link was down for two minutes, and a notification came meanwhile.
    const [key] = client
      .getQueryCache()
      .findAll({ queryKey: ['notifications'] })
      .map((q) => q.queryKey);
    client.setQueryData(key, client.getQueryData(key), { updatedAt: Date.now() - 120_000 });
    api.state.rows.unshift(note(2));
    socket.says('ready', { user_id: 1, connection_id: 'c2' });
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument();
    expect(feedReads(api.calls)).toHaveLength(2);
  });
});
