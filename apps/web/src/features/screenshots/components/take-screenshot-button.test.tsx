import { Notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowSeconds, saveSession } from '../../../lib/session';
import { useRealtimeConnection } from '../../../lib/use-realtime';
import { FakeSocket } from '../../../test/fake-socket';
import { renderWithProviders } from '../../../test/render';
import { TakeScreenshotButton } from './take-screenshot-button';
import { detailOf, loadTexts, ME, mockApi, page, person, type Reply, shot } from './test-utils';

const ANA = person(7, 'Ana Cruz');
const TAKE = '/api/v1/manager-access/screenshots/take';

function Dashboard() {
  useRealtimeConnection();
  return (
    <>
      <Notifications />
      <TakeScreenshotButton area="manager" va={ANA} />
    </>
  );
}

/** Mounts the button with a live socket; `take` answers the POST (it may speak on the socket first). */
async function mount(take: (socket: FakeSocket) => Reply, list: (url: URL) => Reply | null = () => null) {
  const api = mockApi((url, method) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === '/api/v1/manager-access/screenshots') return list(url) ?? page([]);
    if (method === 'POST' && url.pathname === TAKE) return take(FakeSocket.all[0]);
    if (url.pathname === '/api/v1/manager-access/screenshots/55')
      return detailOf(shot(55, '2026-11-20T09:03:00Z', { va: ANA, va_id: 7, source: 'on_demand' }));
    return { status: 404, body: { message: 'Not found' } };
  });
  await renderWithProviders(<Dashboard />, { route: '/manager-dashboard/virtual-assistants/online' });
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0];
  act(() => {
    socket.readyState = 1;
    socket.onopen?.();
  });
  socket.says('ready', { user_id: 1, connection_id: 'c' });
  return { ...api, socket, user: userEvent.setup() };
}

const accepted = (request_id: string) => ({
  status: 202,
  body: { request_id, expires_at: new Date(Date.now() + 30_000).toISOString() },
});

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

describe('Take screenshot', () => {
  it('asks the server, waits for its request over the socket, and shows the image when it arrives', async () => {
    const { calls, socket, user } = await mount(() => accepted('r-1'));
    await user.click(screen.getByRole('button', { name: 'Take screenshot of Ana Cruz now' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ user_id: 7 }));
    expect(await screen.findByText("Waiting for Ana Cruz's screen…")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take screenshot of Ana Cruz now' })).toBeDisabled();

    // Someone else's capture is not this one.
    socket.says('screenshot.created', { id: 54, va_id: 7, request_id: 'r-other' });
    socket.says('screenshot.created', { id: 53, va_id: 7 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    socket.says('screenshot.created', { id: 55, va_id: 7, request_id: 'r-1' });
    const dialog = await screen.findByRole('dialog', { name: "Ana Cruz's screen, just now" });
    expect(await within(dialog).findByRole('img', { name: 'Screenshot of Ana Cruz' })).toHaveAttribute(
      'src',
      '/files/55.webp?sig=x',
    );
    expect(within(dialog).getByText('On demand')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open in the viewer' })).toHaveAttribute(
      'href',
      '/manager-dashboard/screenshots/55',
    );
    expect(screen.getByRole('button', { name: 'Take screenshot of Ana Cruz now' })).toBeEnabled();
  }, 20_000);

  it("says why: the server's refusal, and the tracker's failure over the socket", async () => {
    let answer: Reply = {
      status: 422,
      body: {
        status: 422,
        message: 'Ana Cruz is not on a shift now, so there is nothing to capture',
        message_code: { code: 'screenshots.take_no_shift', params: { name: 'Ana Cruz' } },
      },
    };
    const { socket, user } = await mount(() => answer);
    const button = screen.getByRole('button', { name: 'Take screenshot of Ana Cruz now' });
    await user.click(button);
    expect(
      await screen.findByText('Ana Cruz is not on a shift now, so there is nothing to capture'),
    ).toBeInTheDocument();
    expect(screen.getByText('No screenshot of Ana Cruz')).toBeInTheDocument();

    answer = accepted('r-2');
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await screen.findByText("Waiting for Ana Cruz's screen…");
    socket.says('screenshot.failed', {
      request_id: 'r-2',
      reason: 'The tracker could not capture: cannot_capture',
    });
    expect(await screen.findByText('The tracker could not capture: cannot_capture')).toBeInTheDocument();
    expect(button).toBeEnabled();
  }, 20_000);

  it('keeps a capture that arrives before the server has answered (a fast tracker)', async () => {
    const { user } = await mount((socket) => {
      socket.says('screenshot.created', { id: 55, va_id: 7, request_id: 'r-3' });
      return accepted('r-3');
    });
    await user.click(screen.getByRole('button', { name: 'Take screenshot of Ana Cruz now' }));
    expect(await screen.findByRole('dialog', { name: "Ana Cruz's screen, just now" })).toBeInTheDocument();
  }, 20_000);

  it('finds the capture by its request when the socket missed `screenshot.created` (a page still connecting)', async () => {
    let arrived = false;
    const { calls, user } = await mount(
      () => accepted('r-9'),
      (url) =>
        url.searchParams.get('request_id') === 'r-9' && arrived
          ? page([shot(55, '2026-11-20T09:03:00Z', { va: ANA, va_id: 7, source: 'on_demand' })])
          : null,
    );
    await user.click(screen.getByRole('button', { name: 'Take screenshot of Ana Cruz now' }));
    expect(await screen.findByText("Waiting for Ana Cruz's screen…")).toBeInTheDocument();
    arrived = true;
    const dialog = await screen.findByRole(
      'dialog',
      { name: "Ana Cruz's screen, just now" },
      { timeout: 6_000 },
    );
    expect(await within(dialog).findByRole('img', { name: 'Screenshot of Ana Cruz' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('request_id') === 'r-9')).toBe(true);
  });
});
