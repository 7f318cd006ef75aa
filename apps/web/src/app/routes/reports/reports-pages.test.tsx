import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportQueryOf } from '../../../features/reports/api/params';
import {
  ATTENDANCE,
  emptyOf,
  loadTexts,
  ME,
  mockApi,
  queriesTo,
  SUMMARY,
  TEAMS,
} from '../../../features/reports/components/test-utils';
import { urlPeriod } from '../../../lib/url-params';
import { renderWithProviders } from '../../../test/render';
import { AttendanceReportPage } from './attendance-report-page';
import { SummaryReportPage } from './summary-report-page';
import { TeamSummaryReportPage } from './team-summary-report-page';

const ADMIN = '/api/v1/admin-access';
const MANAGER = '/api/v1/manager-access';

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

function api(reports: Record<string, unknown>) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/me') return ME;
    const name = /\/reports\/([a-z-]+)(\/export)?$/.exec(url.pathname);
    if (name?.[2]) return { file: 'x', name: `${name[1]}.xlsx` };
    if (name) return reports[name[1]];
    return { data: [], meta: { current_page: 1, per_page: 100, total: 0, last_page: 1 } };
  });
}

const cells = (row: HTMLElement) =>
  Object.fromEntries(
    within(row)
      .getAllByRole('cell')
      .map((c) => [c.dataset.column, c.textContent]),
  );

describe('the attendance report', () => {
  it('counts each VA’s shifts, totals them from meta.totals and stacks them in a chart', async () => {
    const { calls, saved } = api({ attendance: ATTENDANCE });
    await renderWithProviders(<AttendanceReportPage />, {
      route: '/admin-dashboard/reports/attendance-reports?team_id=3',
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(cells(rows[0])).toMatchObject({
      va: 'Vince Cruz',
      on_time: '3',
      on_leave: '1',
      punctuality: '75 %',
    });
    expect(cells(screen.getByTestId('report-totals'))).toEqual({
      shifts: '10',
      on_time: '5',
      late: '1',
      absent: '1',
      on_leave: '1',
      open: '2',
      punctuality: '71 %',
      late_minutes: '12 min',
    });
    expect(within(screen.getByTestId('attendance-chart')).getByRole('img')).toHaveAccessibleName(
      /^Shifts of 2 VAs stacked by on time, late, absent and on leave/,
    );
    expect(queriesTo(calls, `${ADMIN}/reports/attendance`)[0]).toEqual({
      page: '1',
      per_page: '50',
      team_id: '3',
    });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(queriesTo(calls, `${ADMIN}/reports/attendance/export`)).toEqual([
      { team_id: '3', format: 'xlsx' },
    ]);
  }, 20_000);

  it('says when the filters leave nothing', async () => {
    api({ attendance: emptyOf(ATTENDANCE) });
    await renderWithProviders(<AttendanceReportPage />, {
      route: '/admin-dashboard/reports/attendance-reports?va_id=4',
    });
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'Nothing matches these filters in this period.',
    );
    expect(screen.queryByTestId('attendance-chart')).not.toBeInTheDocument();
  }, 20_000);
});

describe('the summary report', () => {
  it("links an admin to a VA's timesheets and totals the period from meta.totals", async () => {
    api({ summary: SUMMARY });
    await renderWithProviders(<SummaryReportPage />, { route: '/admin-dashboard/reports/summary-reports' });
    const rows = await screen.findAllByTestId('report-row');
    expect(within(rows[0]).getByRole('link', { name: 'Vince Cruz' })).toHaveAttribute(
      'href',
      '/admin-dashboard/reports/timesheets/user/4',
    );
    expect(cells(rows[1])).toMatchObject({
      worked_minutes: '30 h',
      adjustment_minutes: '+30 min',
      billable_minutes: '30 h 30 min',
    });
    expect(cells(rows[0])).toMatchObject({ adjustment_minutes: '−1 h' });
    expect(cells(screen.getByTestId('report-totals'))).toEqual({
      shifts: '9',
      worked_minutes: '67 h 30 min',
      active_minutes: '66 h 30 min',
      idle_minutes: '1 h',
      activity: '76 %',
      overtime_minutes: '30 min',
      adjustment_minutes: '−30 min',
      billable_minutes: '67 h',
      late: '1',
      absent: '1',
      screenshots: '236',
    });
    expect(within(screen.getByTestId('summary-chart')).getByRole('img')).toHaveAccessibleName(
      /67 h 30 min worked, 67 h billable in total/,
    );
  }, 20_000);

  it("reads a manager's summary without links", async () => {
    const { calls } = api({ summary: SUMMARY });
    await renderWithProviders(<SummaryReportPage />, {
      route: '/manager-dashboard/reports/summary?start_date=2026-11-01&end_date=2026-11-30&client_id=9',
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(within(rows[0]).queryByRole('link')).not.toBeInTheDocument();
    expect(queriesTo(calls, `${MANAGER}/reports/summary`)[0]).toEqual({
      page: '1',
      per_page: '50',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      client_id: '9',
    });
  }, 20_000);
});

describe('the team summary', () => {
  it('names VAs without a team "No team" and totals the teams from meta.totals', async () => {
    api({ 'team-summary': TEAMS });
    await renderWithProviders(<TeamSummaryReportPage />, {
      route: '/admin-dashboard/reports/team-summary-reports',
    });
    const rows = await screen.findAllByTestId('report-row');
    expect(rows.map((r) => cells(r).team)).toEqual(['Support', 'No team']);
    expect(cells(screen.getByTestId('report-totals'))).toMatchObject({
      members: '3',
      shifts: '15',
      worked_minutes: '92 h 30 min',
      billable_minutes: '92 h',
    });
    expect(within(screen.getByTestId('team-chart')).getByRole('img')).toHaveAccessibleName(/of 2 teams/);
  }, 20_000);
});

describe('report filters from the URL', () => {
  const params = (search: string) => new URLSearchParams(search);
  it('repairs a reversed or too long period, drops what the API would refuse', () => {
    expect(urlPeriod(params('start_date=2026-11-20&end_date=2026-11-10'))).toEqual({
      start_date: '2026-11-10',
      end_date: '2026-11-20',
    });
    expect(urlPeriod(params('start_date=2020-01-01&end_date=2026-11-20'))).toEqual({
      start_date: '2025-11-19',
      end_date: '2026-11-20',
    });
    expect(urlPeriod(params('start_date=2026-02-30&end_date=x'))).toEqual({});
    expect(reportQueryOf(params('va_id=-3&client_id=7&team_id=2&page=3'), 'client', 'daily')).toEqual({
      page: 3,
      per_page: 25,
    });
  }, 20_000);
});
