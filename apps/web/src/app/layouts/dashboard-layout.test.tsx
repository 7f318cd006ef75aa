import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedApi, loadTexts, note } from '../../features/notifications/components/test-utils';
import { nowSeconds, saveSession } from '../../lib/session';
import { FakeSocket } from '../../test/fake-socket';
import { renderWithProviders } from '../../test/render';
import { DashboardLayout } from './dashboard-layout';

const ME = {
  id: 1,
  email: 'vince@example.com',
  first_name: 'Vince',
  last_name: 'Cruz',
  avatar_url: null,
  timezone: 'UTC',
  time_format: null,
  roles: [{ name: 'va' }],
  email_verified_at: '2026-01-01T00:00:00Z',
};

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

describe('the dashboard header', { timeout: 20_000 }, () => {
  it('has the notifications bell with its unread count beside the user menu', async () => {
    feedApi([note(2), note(1)], (url) => (url.pathname === '/api/v1/me' ? ME : { data: [] }));
    await renderWithProviders(<DashboardLayout />, { route: '/va-dashboard' });

    const header = await screen.findByRole('banner', {}, { timeout: 5000 });
    const bell = await within(header).findByRole(
      'button',
      { name: 'Notifications, 2 unread' },
      { timeout: 5000 },
    );
    const menu = within(header).getByRole('button', { name: /User menu$/ });
    // In the same row as the user menu, not in the group that phones hide (language, colour scheme).
    expect(menu.closest('.mantine-Group-root')).toContainElement(bell);
    expect(bell.closest('.mantine-visible-from-xs')).toBeNull();
  });
});
