import { Notifications, notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MailPreferences } from './mail-preferences';
import { loadTexts, mockApi, type Reply } from './test-utils';

// The texts and the preferences load first; on a busy machine that may take a while.
const SLOW = { timeout: 5000 };
const PREFS = '/api/v1/notifications/preferences';
const ALL_ON = {
  mail: {
    'request.created': true,
    'request.decided': true,
    'attendance.late': true,
    'attendance.absent': true,
    'screenshot.failed': true,
    'timesheet.disputed': true,
    'task.assigned': true,
    'task.mentioned': true,
  },
};

function api(patch: (body: { mail: Record<string, boolean> }) => Reply) {
  return mockApi((url, method, body) => {
    if (url.pathname !== PREFS) return { status: 404, body: { message: 'Not found' } };
    if (method === 'PATCH') return patch(body as { mail: Record<string, boolean> });
    return ALL_ON;
  });
}

async function mount(roles: string[]) {
  await renderWithProviders(
    <>
      <Notifications />
      <MailPreferences roles={roles} />
    </>,
  );
}

beforeEach(async () => {
  notifications.clean();
  await loadTexts();
});
afterEach(() => vi.unstubAllGlobals());

describe('the mail switches in the profile', { timeout: 20_000 }, () => {
  it('offers the events that can reach the person, each on by default', async () => {
    api(() => ALL_ON);
    await mount(['va']);
    expect(await screen.findByRole('heading', { name: 'Notifications' }, SLOW)).toBeInTheDocument();
    const switches = await screen.findAllByRole('switch', {}, SLOW);
    expect(switches).toHaveLength(5);
    expect(screen.getByRole('switch', { name: 'Email me when a task is assigned to me' })).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'Email me when my request is approved or rejected' }),
    ).toBeChecked();
    expect(
      screen.getByRole('switch', { name: 'Email me when a client disputes a week of timesheets' }),
    ).toBeChecked();
  });

  it('saves a change at once with only that event, and says so', async () => {
    const { calls } = api(({ mail }) => ({ mail: { ...ALL_ON.mail, ...mail } }));
    await mount(['admin']);
    const late = await screen.findByRole('switch', { name: 'Email me when a VA is late for a shift' }, SLOW);
    await userEvent.setup().click(late);

    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeDefined());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ mail: { 'attendance.late': false } });
    expect(await screen.findByText('You will no longer get these emails.')).toBeInTheDocument();
    expect(late).not.toBeChecked();
  });

  it('puts the switch back and says why when the server refuses', async () => {
    api(() => ({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        message: 'Mail can be turned on or off for: request.created',
      },
    }));
    await mount(['client']);
    const absent = await screen.findByRole('switch', { name: 'Email me when a VA misses a shift' }, SLOW);
    await userEvent.setup().click(absent);

    expect(await screen.findByText(/Mail can be turned on or off for/)).toBeInTheDocument();
    await waitFor(() => expect(absent).toBeChecked());
  });
});
