import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { DevicePage } from './device-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await initI18n();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const open = async (route = '/device') => {
  await renderWithProviders(
    <Routes>
      <Route path="/device" element={<DevicePage />} />
    </Routes>,
    { route },
  );
  return userEvent.setup();
};

const PENDING = {
  user_code: 'BCDF-GHJK',
  device_name: 'ana-laptop',
  device_system: 'Linux 6.1 (x64)',
  agent_version: '0.1.0',
  expires_at: '2026-03-02T09:10:00Z',
};

describe('the device page', () => {
  it('takes the typed code, shows which computer asks, and approves it', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? json({ approved: true }) : json(PENDING),
    );
    const user = await open();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the code your computer shows.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), 'bcdf ghjk');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Connect this computer: ana-laptop, Linux 6.1 (x64)')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/v1/device?user_code=BCDFGHJK');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This computer is connected.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ user_code: 'BCDFGHJK', approve: true });
  });

  it('says why a person who is not a VA cannot approve', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          message: 'Only a VA can connect a computer to track time. Sign in as the VA who will use it.',
          message_code: { code: 'device.va_only' },
        },
        403,
      ),
    );
    await open('/device?user_code=BCDF-GHJK');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a VA can connect a computer');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
  });
});
