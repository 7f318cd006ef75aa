import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadTexts,
  ME,
  mockApi,
  page,
  type Reply,
  sheet,
  totalsOf,
} from '../../../features/timesheets/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { TimesheetsPage } from './list-pages';

const ADMIN = '/api/v1/admin-access';
const ROUTE = '/admin-dashboard/reports/timesheets?from=2026-11-01&to=2026-11-26';
const JOB = '3f1c7a52-8d0e-4b7a-9a55-2f1e3c4d5e6f';

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

const ROWS = [
  sheet(1, '2026-11-19', { status: 'approved', client_status: 'approved', frozen: true }),
  sheet(2, '2026-11-20', { adjustment_minutes: 30, billable_minutes: 480, note: 'Forgot to clock in' }),
];
/** The totals of every matching row: more than this page holds. */
const TOTALS = { ...totalsOf(ROWS, 57), worked_minutes: 25_650, billable_minutes: 25_000 };

function api(count = 57, job?: (method: string) => Reply) {
  return mockApi((url, method) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${ADMIN}/timesheets/export`)
      return { file: 'a,b\n1,2\n', name: 'timesheets_2026-11-01_2026-11-26.csv' };
    if (url.pathname.startsWith(`${ADMIN}/timesheets/export-jobs`) && job) return job(method);
    if (url.pathname === `${ADMIN}/timesheets` && method === 'GET')
      return page(ROWS, { totals: { ...TOTALS, count } }, count);
    if (method === 'PATCH') return { ...ROWS[1], status: 'approved' };
    return { data: [] };
  });
}
const lists = (calls: { method: string; url: URL }[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname === `${ADMIN}/timesheets`)
    .map((c) => Object.fromEntries(c.url.searchParams));

const jobBody = (over: Record<string, unknown>) => ({
  id: JOB,
  status: 'running',
  format: 'xlsx',
  rows_done: 10_000,
  rows_total: 25_000,
  progress: 40,
  file_name: 'timesheets_2026-11-01_2026-11-26.xlsx',
  url: null,
  error: null,
  created_at: '2026-11-26T10:00:00Z',
  finished_at: null,
  ...over,
});

beforeEach(loadTexts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openExport(format: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: format }));
}

describe('the timesheets list', () => {
  it('shows each row and a totals row of every matching timesheet (meta.totals, not the page)', async () => {
    const { calls } = api();
    await renderWithProviders(<TimesheetsPage />, { route: ROUTE });

    const rows = await screen.findAllByTestId('timesheet-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByRole('link', { name: '2026-11-20' })).toHaveAttribute(
      'href',
      '/admin-dashboard/reports/timesheets/timesheet/2',
    );
    expect(within(rows[1]).getByText('+30 min')).toBeInTheDocument();
    // Scheduled 8 h, and billable 8 h: 7 h 30 min worked plus the 30 min adjustment.
    expect(within(rows[1]).getAllByText('8 h')).toHaveLength(2);

    const totals = screen.getByTestId('totals-row');
    expect(totals).toHaveTextContent('Total of 57 timesheets');
    expect(within(totals).getByTestId('total-worked_minutes')).toHaveTextContent('427 h 30 min427.50 h');
    expect(within(totals).getByTestId('total-billable_minutes')).toHaveTextContent('416 h 40 min416.67 h');
    expect(lists(calls)[0]).toMatchObject({ start_date: '2026-11-01', end_date: '2026-11-26', page: '1' });
  });

  it('keeps the filters in the URL and asks the API for them', async () => {
    const { calls } = api();
    await renderWithProviders(
      <>
        <TimesheetsPage />
        <Where />
      </>,
      { route: `${ROUTE}&page=2` },
    );
    const user = userEvent.setup();
    await screen.findAllByTestId('timesheet-row');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));

    // A new filter goes back to page 1.
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent(
        '?from=2026-11-01&to=2026-11-26&status=approved',
      ),
    );
    await waitFor(() => expect(lists(calls).at(-1)).toMatchObject({ status: 'approved', page: '1' }));
  });

  it('approves a pending row in one click', async () => {
    const { calls } = api();
    await renderWithProviders(<TimesheetsPage />, { route: ROUTE });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Approve the timesheet of Vince Cruz on 2026-11-20' }),
    );
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeDefined());
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`${ADMIN}/timesheets/2`);
    expect(patch?.body).toEqual({ status: 'approved' });
    // An approved row is frozen: nothing to approve or reject on it.
    expect(
      screen.queryByRole('button', { name: 'Approve the timesheet of Vince Cruz on 2026-11-19' }),
    ).not.toBeInTheDocument();
  });
});

describe('exporting the timesheets', () => {
  it('downloads a small export directly, with the filters and the file name the server gave', async () => {
    const { calls } = api(57);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderWithProviders(<TimesheetsPage />, { route: `${ROUTE}&status=pending` });
    await screen.findAllByTestId('timesheet-row');
    await openExport(/^CSV/);

    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('timesheets_2026-11-01_2026-11-26.csv');
    const exported = calls.find((c) => c.url.pathname === `${ADMIN}/timesheets/export`);
    expect(Object.fromEntries(exported?.url.searchParams ?? [])).toEqual({
      start_date: '2026-11-01',
      end_date: '2026-11-26',
      status: 'pending',
      format: 'csv',
    });
    expect(calls.some((c) => c.url.pathname.includes('export-jobs'))).toBe(false);
    // PDF is for one VA: not offered without a VA filter.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.queryByRole('menuitem', { name: /PDF/ })).not.toBeInTheDocument();
  });

  it('starts a job for a large export and shows its progress', async () => {
    const { calls } = api(25_000, (method) =>
      method === 'POST'
        ? { status: 202, body: jobBody({ status: 'queued', rows_done: 0, progress: 0 }) }
        : jobBody({}),
    );
    await renderWithProviders(<TimesheetsPage />, { route: ROUTE });
    await screen.findAllByTestId('timesheet-row');
    await openExport(/^Excel/);

    const progress = await screen.findByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByTestId('export-job')).toHaveTextContent('Exporting 10000 of 25000 rows…');
    const created = calls.find((c) => c.method === 'POST');
    expect(created?.url.pathname).toBe(`${ADMIN}/timesheets/export-jobs`);
    expect(created?.body).toMatchObject({ format: 'xlsx', start_date: '2026-11-01', end_date: '2026-11-26' });
    expect(calls.some((c) => c.url.pathname === `${ADMIN}/timesheets/export`)).toBe(false);
  });

  it('offers the file of a finished job, and says why a job failed', async () => {
    let status = 'done';
    api(25_000, (method) =>
      method === 'POST'
        ? { status: 202, body: jobBody({ status: 'queued' }) }
        : status === 'done'
          ? jobBody({ status: 'done', progress: 100, rows_done: 25_000, url: '/files/exports/x.xlsx?sig=1' })
          : jobBody({ status: 'failed', error: 'The disk is full' }),
    );
    await renderWithProviders(<TimesheetsPage />, { route: ROUTE });
    await screen.findAllByTestId('timesheet-row');
    await openExport(/^Excel/);
    const link = await screen.findByRole('link', { name: 'Download timesheets_2026-11-01_2026-11-26.xlsx' });
    expect(link).toHaveAttribute('href', '/files/exports/x.xlsx?sig=1');

    status = 'failed';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    await openExport(/^Excel/);
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed: The disk is full');
  });
});
