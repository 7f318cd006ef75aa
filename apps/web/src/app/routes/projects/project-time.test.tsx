import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectTimeReport } from '@vahub/shared/projects/schemas';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACME,
  type Call,
  loadTexts,
  ME,
  mockApi,
  page,
  person,
  project,
  type Reply,
} from '../../../features/projects/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ProjectsPage } from './list-page';

const BOLT = person(10, 'Ben Ortiz', 'Bolt Legal');
const SLOW = { timeout: 5000 };

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

/** Two projects over the server's default period: the first with two tracked tasks (listed smallest first). */
const REPORT: ProjectTimeReport = {
  data: [
    {
      project: { id: 7, name: 'Website relaunch', color: '#228be6', client_id: ACME.id },
      client: ACME,
      tracked_seconds: 9000,
      tasks_done: 2,
      tasks_open: 3,
      by_task: [
        { task_id: 102, title: 'Collect logos', tracked_seconds: 1800 },
        { task_id: 101, title: 'Write the brief', tracked_seconds: 7200 },
      ],
    },
    {
      project: { id: 8, name: 'Bookkeeping', color: '#fa5252', client_id: BOLT.id },
      client: BOLT,
      tracked_seconds: 0,
      tasks_done: 0,
      tasks_open: 1,
      by_task: [],
    },
  ],
  meta: { start_date: '2026-10-03', end_date: '2026-11-01', total_seconds: 9000 },
};

const option = (p: typeof ACME) => ({ ...p, roles: [{ name: 'client' }], status: 'active' });

/**
 * The fake API: the viewer, the admin's clients (Bolt Legal is not among them: the report names its own
 * clients), the projects list, and `report` for reports/projects.
 */
function api(report: () => Reply = () => REPORT) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname.endsWith('/users')) return { data: [option(ACME)] };
    if (url.pathname.endsWith('/reports/projects')) return report();
    if (url.pathname.endsWith('/projects')) return page([project(7, 'Website relaunch')]);
    return { status: 404, body: { message: 'Not found' } };
  });
}
const reportCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname.endsWith('/reports/projects'));
const queries = (calls: Call[]) => reportCalls(calls).map((c) => Object.fromEntries(c.url.searchParams));

const panel = () => screen.findByRole('region', { name: 'Time by project' }, SLOW);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

configure({ asyncUtilTimeout: 10_000 });

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

describe('time by project on the projects list', { timeout: 30_000 }, () => {
  it("shows each project's tracked time, tasks done and open, and the total, over the server's period", async () => {
    const { calls } = api();
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects' });
    const section = await panel();
    const rows = await within(section).findAllByTestId('project-time-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Website relaunch' })).toHaveAttribute(
      'href',
      '/admin-dashboard/projects/7/board',
    );
    await waitFor(() => expect(cells(rows[1])).toEqual(['Bookkeeping', 'Bolt Legal', '0 min', '0', '1']));
    expect(cells(rows[0])).toEqual(['Website relaunch', 'Acme Dental', '2 h 30 min', '2', '3']);
    const total = within(section).getByTestId('project-time-total');
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cells(total)).toEqual(['', '2 h 30 min', '2', '4']);
    // No period in the URL: the server's default, shown as it answered.
    expect(within(section).getByRole('button', { name: 'Period' })).toHaveTextContent(
      '2026-10-03 – 2026-11-01',
    );
    expect(queries(calls)[0]).toEqual({});
    expect(reportCalls(calls)[0].url.pathname).toBe('/api/v1/admin-access/reports/projects');
  });

  it("sends the URL's period and the list's client, and a new period keeps the list's page", async () => {
    const { calls } = api();
    await renderWithProviders(
      <>
        <ProjectsPage />
        <Where />
      </>,
      { route: '/admin-dashboard/projects?client=9&page=2&time_from=2026-11-16&time_to=2026-11-22' },
    );
    const section = await panel();
    await within(section).findAllByTestId('project-time-row', {}, SLOW);
    expect(queries(calls)[0]).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22', client_id: '9' });
    const period = within(section).getByRole('button', { name: 'Period' });
    expect(period).toHaveTextContent('2026-11-16 – 2026-11-22');

    // Two clicks in the range picker, then one change of the URL.
    const user = userEvent.setup();
    await user.click(period);
    await user.click(await screen.findByRole('button', { name: '2 November 2026' }, SLOW));
    await user.click(screen.getByRole('button', { name: '8 November 2026' }));
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent(
        '?client=9&page=2&time_from=2026-11-02&time_to=2026-11-08',
      ),
    );
    await waitFor(() =>
      expect(queries(calls).at(-1)).toEqual({
        start_date: '2026-11-02',
        end_date: '2026-11-08',
        client_id: '9',
      }),
    );

    // A named period can be cleared by a named button: back to the server's last 30 days.
    await user.click(within(section).getByRole('button', { name: 'Back to the last 30 days' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?client=9&page=2'));
    await waitFor(() => expect(queries(calls).at(-1)).toEqual({ client_id: '9' }));
  });

  it("shows a client no client column and reads the client's area without a client filter", async () => {
    const { calls } = api();
    await renderWithProviders(<ProjectsPage />, {
      route: '/client-dashboard/projects?client=10&time_from=2026-11-01&time_to=2026-11-30',
    });
    const section = await panel();
    const rows = await within(section).findAllByTestId('project-time-row', {}, SLOW);
    expect(cells(rows[0])).toEqual(['Website relaunch', '2 h 30 min', '2', '3']);
    expect(within(section).queryByRole('columnheader', { name: 'Client' })).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Website relaunch' })).toHaveAttribute(
      'href',
      '/client-dashboard/projects/7/board',
    );
    expect(reportCalls(calls).map((c) => c.url.pathname)).toEqual(['/api/v1/client-access/reports/projects']);
    expect(queries(calls)[0]).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
  });

  it("opens a project's row to its tasks, most tracked first, each linking to the board's drawer", async () => {
    api();
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects' });
    const section = await panel();
    await within(section).findAllByTestId('project-time-row', {}, SLOW);
    // Only a project with tracked tasks opens.
    expect(within(section).queryByRole('button', { name: 'Tasks of Bookkeeping' })).not.toBeInTheDocument();
    const toggle = within(section).getByRole('button', { name: 'Tasks of Website relaunch' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByTestId('project-time-task')).not.toBeInTheDocument();

    // It is a button: focused, Enter opens it.
    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const tasks = within(section).getAllByTestId('project-time-task');
    expect(tasks.map(cells)).toEqual([
      ['Write the brief', '', '2 h', ''],
      ['Collect logos', '', '30 min', ''],
    ]);
    expect(within(tasks[0]).getByRole('link', { name: 'Write the brief' })).toHaveAttribute(
      'href',
      '/admin-dashboard/projects/7/board?task=101',
    );
    expect(within(tasks[1]).getByRole('link', { name: 'Collect logos' })).toHaveAttribute(
      'href',
      '/admin-dashboard/projects/7/board?task=102',
    );

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByTestId('project-time-task')).not.toBeInTheDocument();
  });

  it('says when no time was tracked in the period', async () => {
    const idle = {
      data: REPORT.data.map((r) => ({ ...r, tracked_seconds: 0, by_task: [] })),
      meta: { ...REPORT.meta, total_seconds: 0 },
    };
    api(() => idle);
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects' });
    const section = await panel();
    expect(await within(section).findByTestId('empty-state', {}, SLOW)).toHaveTextContent(
      'No time was tracked on projects in this period.',
    );
    expect(within(section).queryByTestId('project-time-row')).not.toBeInTheDocument();
    expect(within(section).queryByTestId('project-time-total')).not.toBeInTheDocument();
  });

  it('says why the read failed and tries again', async () => {
    let fail = true;
    api(() => (fail ? { status: 500, body: { title: 'Server error', status: 500 } } : REPORT));
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects' });
    const section = await panel();
    const error = await within(section).findByTestId('load-error', {}, SLOW);
    expect(error).toHaveTextContent('Could not load the time by project');
    // The list above is not affected.
    expect(await screen.findAllByTestId('project-row')).toHaveLength(1);
    fail = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findAllByTestId('project-time-row', {}, SLOW)).toHaveLength(2);
    expect(within(section).queryByTestId('load-error')).not.toBeInTheDocument();
  });
});
