import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
} from '../../../features/projects/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ProjectsPage } from './list-page';

const ADMIN = '/api/v1/admin-access';
const BOLT = person(10, 'Ben Ortiz', 'Bolt Legal');

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

const userOption = (p: ReturnType<typeof person>) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  roles: [{ name: 'client' }],
  status: 'active',
  timezone: p.timezone,
  company_name: p.company_name,
});

/** The time by project under the list (its own tests are in project-time.test.tsx): nothing tracked. */
const NO_TIME = { data: [], meta: { start_date: '2026-10-03', end_date: '2026-11-01', total_seconds: 0 } };

function api(rows = [project(7, 'Website relaunch'), project(8, 'Bookkeeping', { status: 'archived' })]) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname.endsWith('/reports/projects')) return NO_TIME;
    if (url.pathname === `${ADMIN}/users`) return { data: [userOption(ACME), userOption(BOLT)] };
    if (url.pathname.endsWith('/projects')) return page(rows);
    return { status: 404, body: { message: 'Not found' } };
  });
}
const lists = (calls: Call[]) =>
  calls
    .filter((c) => c.url.pathname.endsWith('/projects') && !c.url.pathname.endsWith('/reports/projects'))
    .map((c) => Object.fromEntries(c.url.searchParams));

// A loaded machine renders slowly; waiting longer for what must appear changes no assertion.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

describe('the projects list', { timeout: 20_000 }, () => {
  it('shows each project with its client, open of all tasks, tracked time and status, linking to its board', async () => {
    api();
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects' });
    const rows = await screen.findAllByTestId('project-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Website relaunch' })).toHaveAttribute(
      'href',
      '/admin-dashboard/projects/7/board',
    );
    expect(within(rows[0]).getByText('Acme Dental')).toBeInTheDocument();
    expect(within(rows[0]).getByLabelText('3 open of 5 tasks')).toHaveTextContent('3 / 5');
    expect(within(rows[0]).getByText('2 h 30 min')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Archived')).toBeInTheDocument();
  });

  it('keeps status, client and search in the URL and asks the API for them', async () => {
    const { calls } = api();
    await renderWithProviders(
      <>
        <ProjectsPage />
        <Where />
      </>,
      { route: '/admin-dashboard/projects?page=2' },
    );
    const user = userEvent.setup();
    await screen.findAllByTestId('project-row');
    expect(lists(calls)[0]).toMatchObject({ page: '2', per_page: '20' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Archived' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?status=archived'));

    await user.click(screen.getByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Bolt Legal (Ben Ortiz)' }));
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'web');

    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent('?status=archived&client=10&search=web'),
    );
    await waitFor(() =>
      expect(lists(calls).at(-1)).toMatchObject({
        status: 'archived',
        client_id: '10',
        search: 'web',
        page: '1',
      }),
    );
  });

  it('offers to create the first project when there is none', async () => {
    api([]);
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects' });
    const list = await screen.findByRole('table', { name: 'Projects' });
    const empty = await within(list).findByTestId('empty-state');
    expect(empty).toHaveTextContent('No projects yet');
    expect(within(empty).getByRole('link', { name: 'Create project' })).toHaveAttribute(
      'href',
      '/admin-dashboard/projects/create',
    );
  });

  it('says nothing matches when filters narrow the list to nothing', async () => {
    api([]);
    await renderWithProviders(<ProjectsPage />, { route: '/admin-dashboard/projects?search=zzz' });
    const list = await screen.findByRole('table', { name: 'Projects' });
    const empty = await within(list).findByTestId('empty-state');
    expect(empty).toHaveTextContent('No project matches these filters.');
    expect(within(empty).queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows a client neither a client column nor a client filter, and reads the client's area", async () => {
    const { calls } = mockApi((url) => {
      if (url.pathname === '/api/v1/me') return ME;
      if (url.pathname.endsWith('/reports/projects')) return NO_TIME;
      return page([project(7, 'Website relaunch')]);
    });
    await renderWithProviders(<ProjectsPage />, { route: '/client-dashboard/projects?client=10' });
    await screen.findAllByTestId('project-row');
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
    expect(screen.queryByText('Acme Dental')).not.toBeInTheDocument();
    const list = calls.find((c) => c.url.pathname === '/api/v1/client-access/projects');
    expect(list?.url.searchParams.has('client_id')).toBe(false);
    expect(calls.some((c) => c.url.pathname.includes('/users'))).toBe(false);
  });
});
