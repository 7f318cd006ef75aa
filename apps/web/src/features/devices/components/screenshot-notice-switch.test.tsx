import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { ScreenshotNoticeSwitch } from './screenshot-notice-switch';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

configure({ asyncUtilTimeout: 10_000 });

// Issue 32: the VA's own switch on their profile ("Connected computers").
describe('ScreenshotNoticeSwitch', { timeout: 30_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    await initI18n();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('is disabled with the reason where no contract allows turning the notices off', async () => {
    fetchMock.mockImplementation(async () => json({ muted: false, allowed: false }));
    await renderWithProviders(<ScreenshotNoticeSwitch />);
    const toggle = await screen.findByLabelText(/^Notify me of each scheduled screenshot/);
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText('None of your contracts lets you turn these notices off.')).toBeInTheDocument();
  });

  it('turns the notices off where allowed, and says so', async () => {
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)));
        return json({ muted: true, allowed: true });
      }
      return json({ muted: false, allowed: true });
    });
    await renderWithProviders(<ScreenshotNoticeSwitch />);
    const toggle = await screen.findByLabelText(/^Notify me of each scheduled screenshot/);
    expect(toggle).toBeEnabled();
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(bodies).toEqual([{ muted: true }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });
});
