import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localDate } from '@vahub/shared/time/zoned';
import { TIMESHEET_MESSAGES as M } from '@vahub/shared/timesheets/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastFullWeek } from '../../../features/timesheets/api/filters';
import {
  loadTexts,
  ME,
  mockApi,
  page,
  type Reply,
  week,
} from '../../../features/timesheets/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ClientTimesheetsPage } from './client-page';

const CLIENT = '/api/v1/client-access';

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

function api(signOff: () => Reply) {
  return mockApi((url, method) => {
    if (url.pathname === '/api/v1/me') return { ...ME, roles: [{ name: 'client' }] };
    if (url.pathname === `${CLIENT}/timesheets/weeks`) return page([week()]);
    if (url.pathname === `${CLIENT}/timesheets/sign-off` && method === 'POST') return signOff();
    return { data: [] };
  });
}

describe("the client's weekly sign-off", () => {
  it('opens on the last full week and signs a VA off', async () => {
    const { calls } = api(() => ({ week: week({ client_status: 'approved' }), count: 5 }));
    await renderWithProviders(<ClientTimesheetsPage />, {
      route: '/client-dashboard/timesheets?week=2026-11-18',
    });
    const user = userEvent.setup();
    // Any day of the week in the URL means its Monday.
    expect(await screen.findByTestId('week-label')).toHaveTextContent('Week of 2026-11-16 – 2026-11-22');
    await user.click(await screen.findByRole('button', { name: 'Approve week' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      va_id: 4,
      week_start: '2026-11-16',
      decision: 'approve',
    });
    const weeks = calls.find((c) => c.url.pathname === `${CLIENT}/timesheets/weeks`);
    expect(weeks?.url.searchParams.get('week_start')).toBe('2026-11-16');
  });

  it('defaults to the last full week', async () => {
    const { calls } = api(() => ({}));
    await renderWithProviders(<ClientTimesheetsPage />, { route: '/client-dashboard/timesheets' });
    await screen.findAllByTestId('sign-off-card');
    const weeks = calls.find((c) => c.url.pathname === `${CLIENT}/timesheets/weeks`);
    expect(weeks?.url.searchParams.get('week_start')).toBe(lastFullWeek(localDate(new Date(), 'UTC')));
  });

  it('says sign-off is off and hides the buttons when the organization turned it off', async () => {
    api(() => ({
      status: 422,
      body: {
        message: M.sign_off_off,
        message_code: { code: 'timesheets.sign_off_off' },
        errors: {},
      },
    }));
    await renderWithProviders(<ClientTimesheetsPage />, {
      route: '/client-dashboard/timesheets?week=2026-11-16',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve week' }));
    expect(await screen.findByTestId('sign-off-off')).toHaveTextContent('Client sign-off is turned off');
    expect(screen.queryByRole('button', { name: 'Approve week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute' })).not.toBeInTheDocument();
  });
});
