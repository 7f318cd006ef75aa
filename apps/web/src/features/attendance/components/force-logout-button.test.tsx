import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ForceLogoutButton } from './force-logout-button';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const mount = (area: 'admin' | 'manager' = 'admin') =>
  renderWithProviders(
    <>
      <ModalsHost />
      <Notifications />
      <ForceLogoutButton area={area} va={{ id: 7, name: 'Ana Cruz' }} attendanceId={41} />
    </>,
  );

describe('ForceLogoutButton', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
    await ensureNamespace('attendance');
    await ensureNamespace('errors');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('asks first, and does nothing when cancelled', async () => {
    await mount();
    await userEvent.click(screen.getByRole('button', { name: 'Force logout of Ana Cruz' }));
    expect(await screen.findByText(/End Ana Cruz's shift now\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/End Ana Cruz's shift now\?/)).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends the shift once confirmed and says what it ended with', async () => {
    fetchMock.mockResolvedValue(json({ id: 41, worked_seconds: 9000, status: 'completed' }));
    await mount('manager');
    await userEvent.click(screen.getByRole('button', { name: 'Force logout of Ana Cruz' }));
    await userEvent.click(await screen.findByRole('button', { name: 'End the shift' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [u, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(u).toBe('/api/v1/manager-access/attendance/logout');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ user_id: 7, attendance_id: 41 });
    expect(
      await screen.findByText('Ana Cruz was logged out. The shift ended with 2 h 30 min worked.'),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the logout is refused", async () => {
    fetchMock.mockResolvedValue(
      json({ status: 404, title: 'Not Found', message: 'This attendance does not exist.' }, 404),
    );
    await mount();
    await userEvent.click(screen.getByRole('button', { name: 'Force logout of Ana Cruz' }));
    await userEvent.click(await screen.findByRole('button', { name: 'End the shift' }));
    expect(await screen.findByText('The logout failed')).toBeInTheDocument();
    expect(screen.getByText('This attendance does not exist.')).toBeInTheDocument();
  });
});
