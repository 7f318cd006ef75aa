import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadInsightsTexts,
  mockApi,
  page,
} from '../../../features/attendance-insights/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ActivityLogsPage } from './activity-logs-page';
import { CalendarPage } from './calendar-page';
import { DurationPage } from './duration-page';
import { TimeblocksPage } from './timeblocks-page';

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}
const urlParams = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');

beforeEach(loadInsightsTexts);
afterEach(() => vi.unstubAllGlobals());

const person = (id: number, name: string) => ({
  id,
  name,
  first_name: name.split(' ')[0],
  last_name: name.split(' ')[1] ?? '',
  email: `${id}@example.com`,
  timezone: 'Asia/Manila',
  avatar_url: null,
  company_name: null,
  roles: [{ name: 'va' }],
});
const ME = { id: 1, timezone: 'UTC', time_format: '12h' };
const ADMIN = '/api/v1/admin-access';

/** Answers the calls every page makes (me, people and team pickers) and hands the rest to `rest`. */
const api = (rest: (url: URL) => unknown) =>
  mockApi((url) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${ADMIN}/users`) return { data: [person(4, 'Vince Cruz'), person(5, 'Ana Reyes')] };
    if (url.pathname === '/api/v1/teams') return page([]);
    return rest(url);
  });
const requestsTo = (calls: { url: URL }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === `${ADMIN}/${path}`)
    .map((c) => Object.fromEntries(c.url.searchParams));

describe('activity logs page', () => {
  it('sends the filters of the URL, names the VA, and writes a new filter back (page 1)', async () => {
    const { calls } = api(() =>
      page([
        {
          id: 9,
          attendance_id: 77,
          va_id: 4,
          type: 'clock_in',
          at: '2026-11-20T01:02:00Z',
          actor: { id: 4, name: 'Vince Cruz' },
          details: { source: 'web' },
        },
      ]),
    );
    await renderWithProviders(
      <>
        <ActivityLogsPage />
        <Where />
      </>,
      { route: '/?va_id=4&type=clock_in&start_date=2026-11-01&end_date=2026-11-26&page=2' },
    );
    const row = await screen.findByTestId('log-row');
    expect(within(row).getByText('Clock-in')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getAllByText('Vince Cruz')).toHaveLength(2));
    expect(within(row).getByRole('link', { name: 'Open the shift of Vince Cruz' })).toHaveAttribute(
      'href',
      '/admin-dashboard/reports/activity-logs/77',
    );
    expect(requestsTo(calls, 'attendance-logs')[0]).toEqual({
      page: '2',
      per_page: '25',
      va_id: '4',
      type: 'clock_in',
      start_date: '2026-11-01',
      end_date: '2026-11-26',
    });

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Forced logout' }));
    await waitFor(() => expect(urlParams().get('type')).toBe('forced_logout'));
    expect(urlParams().get('page')).toBeNull();
    expect(urlParams().get('va_id')).toBe('4');
    await waitFor(() =>
      expect(requestsTo(calls, 'attendance-logs').at(-1)).toMatchObject({ type: 'forced_logout', page: '1' }),
    );
  }, 20_000);

  it('says what to do when nothing matches', async () => {
    api(() => page([]));
    await renderWithProviders(<ActivityLogsPage />, { route: '/?type=offline' });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No logs match these filters');
  });
});

const summary = (id: number, name: string, worked: number, late: number) => ({
  va: person(id, name),
  shifts: 5,
  completed: 5,
  ongoing: 0,
  absent: 0,
  on_leave: 0,
  late,
  late_minutes: late * 12,
  scheduled_seconds: 5 * 8 * 3600,
  worked_seconds: worked,
  active_seconds: worked / 2,
  idle_seconds: 0,
  activity_percent: 50,
  online: id === 4,
  idle: false,
});

describe('duration page', () => {
  it('sorts by a column through the URL and totals the VAs', async () => {
    const { calls } = api(() =>
      page([summary(4, 'Vince Cruz', 3600 * 30, 1), summary(5, 'Ana Reyes', 3600 * 38, 0)]),
    );
    await renderWithProviders(
      <>
        <DurationPage />
        <Where />
      </>,
      { route: '/?start_date=2026-11-02&end_date=2026-11-08' },
    );
    const names = () =>
      screen.getAllByTestId('duration-row').map((r) => within(r).getByRole('link').textContent);
    await waitFor(() => expect(names()).toEqual(['Ana Reyes', 'Vince Cruz']));
    expect(requestsTo(calls, 'attendance/list-users')[0]).toMatchObject({
      start_date: '2026-11-02',
      end_date: '2026-11-08',
      per_page: '100',
    });
    expect(screen.getByTestId('duration-totals')).toHaveTextContent('Total1080 h68 h34 h50%10');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sort by Late' }));
    expect(urlParams().get('sort')).toBe('late');
    expect(urlParams().get('dir')).toBe('desc');
    expect(names()).toEqual(['Vince Cruz', 'Ana Reyes']);
    expect(screen.getByRole('button', { name: 'Sort by Late' }).closest('th')).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Sort by Late' }));
    expect(urlParams().get('dir')).toBe('asc');
    expect(names()).toEqual(['Ana Reyes', 'Vince Cruz']);
  }, 20_000);
});

describe('timeblocks and calendar pages', () => {
  it('moves a day at a time, keeping the filters', async () => {
    const { calls } = api(() => page([]));
    await renderWithProviders(
      <>
        <TimeblocksPage />
        <Where />
      </>,
      { route: '/?date=2026-11-01&va_id=4' },
    );
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No VA matching these filters');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(urlParams().get('date')).toBe('2026-10-31');
    expect(urlParams().get('va_id')).toBe('4');
    await waitFor(() =>
      expect(requestsTo(calls, 'attendance/timeblocks').at(-1)).toMatchObject({
        date: '2026-10-31',
        va_id: '4',
      }),
    );
  });

  it('moves a month at a time and asks for that month', async () => {
    const { calls } = api((url) => ({ month: url.searchParams.get('month'), days: [] }));
    await renderWithProviders(
      <>
        <CalendarPage />
        <Where />
      </>,
      { route: '/?month=2026-12&va_id=5' },
    );
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No shifts in this month for these filters',
    );
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('December 2026');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(urlParams().get('month')).toBe('2027-01');
    await waitFor(() =>
      expect(requestsTo(calls, 'attendance/calendar').at(-1)).toEqual({ month: '2027-01', va_id: '5' }),
    );
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('January 2027');
  });
});
