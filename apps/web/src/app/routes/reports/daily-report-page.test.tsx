import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANA,
  DAILY,
  emptyOf,
  loadTexts,
  ME,
  mockApi,
  queriesTo,
  type Reply,
  VINCE,
} from '../../../features/reports/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { DailyReportPage } from './daily-report-page';

const ADMIN = '/api/v1/admin-access';
const CLIENT = '/api/v1/client-access';

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

function api(report: (url: URL) => Reply = () => DAILY) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${ADMIN}/users`) return { data: [VINCE, ANA] };
    if (url.pathname === `${CLIENT}/va-list`) return { data: [VINCE] };
    if (url.pathname.endsWith('/reports/daily/export')) return { file: 'Total,64:30\n', name: 'daily.csv' };
    if (url.pathname.endsWith('/reports/daily')) return report(url);
    return { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } };
  });
}

const cells = (row: HTMLElement) =>
  Object.fromEntries(
    within(row)
      .getAllByRole('cell')
      .map((c) => [c.dataset.column, c.textContent]),
  );

describe('the daily report', () => {
  it('charts every day, lists the rows per day and VA, and totals the whole period from meta.totals', async () => {
    const { calls } = api();
    await renderWithProviders(<DailyReportPage />, {
      route: '/admin-dashboard/reports/daily-reports?start_date=2026-11-16&end_date=2026-11-22',
    });

    const rows = await screen.findAllByTestId('report-row');
    expect(rows).toHaveLength(2);
    expect(cells(rows[0])).toMatchObject({
      date: '2026-11-16',
      va: 'Vince Cruz',
      scheduled: '8 h',
      worked: '7 h 30 min',
      activity: '80 %',
      late: '12 min',
      statuses: 'Completed',
    });
    expect(cells(rows[1])).toMatchObject({
      va: 'Ana Reyes',
      worked: '0 min',
      activity: '—',
      statuses: 'Absent',
    });

    // The footer is the period's (9 rows over the pages), not the sum of the two rows shown.
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cells(totals)).toMatchObject({
      scheduled: '72 h',
      worked: '64 h 30 min',
      active: '49 h 50 min',
      activity: '77 %',
      late: '57 min',
      statuses: '9 shifts, 3 late, 1 absent',
    });

    // The charts are images named by what they show; the table has the numbers.
    expect(
      within(screen.getByTestId('daily-chart')).getByRole('img', {
        name: /^Scheduled and worked time on each of 3 days from 2026-11-16 to 2026-11-18: 64 h 30 min worked of 72 h scheduled/,
      }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('activity-chart')).getByRole('img')).toHaveAccessibleName(
      /77 % over the period/,
    );
    expect(screen.getByTestId('report-period')).toHaveTextContent('From 2026-11-16 to 2026-11-22');
    expect(queriesTo(calls, `${ADMIN}/reports/daily`)[0]).toEqual({
      page: '1',
      per_page: '25',
      start_date: '2026-11-16',
      end_date: '2026-11-22',
    });
  }, 20_000);

  it('keeps the filters in the URL and exports the same filters as CSV', async () => {
    const { calls, saved } = api();
    await renderWithProviders(
      <>
        <DailyReportPage />
        <Where />
      </>,
      { route: '/admin-dashboard/reports/daily-reports?start_date=2026-11-16&end_date=2026-11-22&page=2' },
    );
    const user = userEvent.setup();
    await screen.findAllByTestId('report-row');
    await user.click(screen.getByRole('combobox', { name: 'Virtual assistant' }));
    await user.click(await screen.findByRole('option', { name: 'Ana Reyes' }));
    // A new filter goes back to page 1.
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent(
        '?start_date=2026-11-16&end_date=2026-11-22&va_id=5',
      ),
    );
    await waitFor(() =>
      expect(queriesTo(calls, `${ADMIN}/reports/daily`).at(-1)).toEqual({
        page: '1',
        per_page: '25',
        start_date: '2026-11-16',
        end_date: '2026-11-22',
        va_id: '5',
      }),
    );

    // The period: two clicks in the range picker, then one change of the URL.
    await user.click(screen.getByRole('button', { name: 'Period' }));
    await user.click(await screen.findByRole('button', { name: '2 November 2026' }));
    await user.click(screen.getByRole('button', { name: '8 November 2026' }));
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent(
        '?start_date=2026-11-02&end_date=2026-11-08&va_id=5',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(queriesTo(calls, `${ADMIN}/reports/daily/export`)).toEqual([
      { start_date: '2026-11-02', end_date: '2026-11-08', va_id: '5', format: 'csv' },
    ]);
    expect(screen.queryByTestId('export-error')).not.toBeInTheDocument();
  }, 20_000);

  it('says why an export failed', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/v1/me') return ME;
      if (url.pathname.endsWith('/export'))
        return { status: 500, body: { title: 'Server error', status: 500 } };
      if (url.pathname.endsWith('/reports/daily')) return DAILY;
      return { data: [] };
    });
    await renderWithProviders(<DailyReportPage />, { route: '/admin-dashboard/reports/daily-reports' });
    await screen.findAllByTestId('report-row');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export XLSX' }));
    expect(await screen.findByTestId('export-error')).toHaveTextContent('The export failed');
  }, 20_000);

  it('shows an empty period without a chart, and a failed read with a retry', async () => {
    let fail = true;
    api(() => (fail ? { status: 500, body: { title: 'Server error', status: 500 } } : emptyOf(DAILY)));
    await renderWithProviders(<DailyReportPage />, { route: '/admin-dashboard/reports/daily-reports' });
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent('This report could not be loaded');
    fail = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No shifts in this period.');
    expect(screen.queryByTestId('daily-chart')).not.toBeInTheDocument();
    expect(screen.queryByTestId('report-totals')).not.toBeInTheDocument();
    // Without dates in the URL the server's default applies, and the period it answered for is shown.
    expect(screen.getByTestId('report-period')).toHaveTextContent('From 2026-11-16 to 2026-11-22');
  }, 20_000);

  it("reads a client's own daily report, with only the VA filter", async () => {
    const { calls } = api();
    await renderWithProviders(<DailyReportPage />, {
      route: '/client-dashboard/reports/daily?client_id=9&team_id=2',
    });
    await screen.findAllByTestId('report-row');
    expect(queriesTo(calls, `${CLIENT}/reports/daily`)[0]).toEqual({ page: '1', per_page: '25' });
    expect(screen.getByRole('combobox', { name: 'Virtual assistant' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
  }, 20_000);
});
