import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import type { Area } from '../api/filters';
import { listQueryOf } from '../api/filters';
import { AttendanceFiltersBar } from './attendance-filters';
import { useAttendanceFilters } from './use-filters';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The bar as a page uses it, with the URL and the API query it yields printed below. */
function Harness({ area }: { area: Area }) {
  const { filters, update } = useAttendanceFilters(area);
  const { search } = useLocation();
  return (
    <>
      <AttendanceFiltersBar area={area} filters={filters} onChange={update} />
      <output data-testid="url">{search}</output>
      <output data-testid="query">{JSON.stringify(listQueryOf(filters))}</output>
    </>
  );
}

const inputOf = (label: string) =>
  screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT') as HTMLInputElement;
// The machine is shared: give the pickers' answers time to arrive.
const SLOW = { timeout: 5000 };
const url = () => screen.getByTestId('url').textContent;
const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;

// Mantine's comboboxes are slow to render on a busy machine: more than the default 5 s per test.
describe('AttendanceFiltersBar (URL ↔ filters)', { timeout: 20_000 }, () => {
  const fetchMock = vi.fn();
  beforeEach(async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockImplementation(async (u: string) => {
      if (u.startsWith('/api/v1/admin-access/users') && u.includes('roles=va'))
        return json({ data: [{ id: 3, name: 'Ana Cruz', company_name: null }] });
      if (u.startsWith('/api/v1/admin-access/users'))
        return json({ data: [{ id: 4, name: 'Claire Whitman', company_name: 'Acme Dental' }] });
      if (u.startsWith('/api/v1/teams'))
        return json({
          data: [{ id: 2, name: 'Night shift' }],
          meta: { total: 1, current_page: 1, per_page: 100, last_page: 1 },
        });
      if (u.startsWith('/api/v1/client-access/va-list')) return json({ data: [{ id: 3, name: 'Ana Cruz' }] });
      throw new Error(`unexpected ${u}`);
    });
    await initI18n();
    await ensureNamespace('attendance');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('shows the filters the URL holds, and the API query follows them', async () => {
    await renderWithProviders(<Harness area="admin" />, {
      route: '/admin-dashboard/attendance?status=absent&va=3&client=4&from=2026-03-01&page=2',
    });
    expect(inputOf('Status')).toHaveValue('Absent');
    await waitFor(() => expect(inputOf('Virtual assistant')).toHaveValue('Ana Cruz'), SLOW);
    await waitFor(() => expect(inputOf('Client')).toHaveValue('Acme Dental (Claire Whitman)'), SLOW);
    expect(query()).toMatchObject({
      status: 'absent',
      va_id: 3,
      client_id: 4,
      start_date: '2026-03-01',
      page: 2,
    });
  });

  it('writes a chosen filter to the URL and goes back to the first page', async () => {
    await renderWithProviders(<Harness area="admin" />, { route: '/admin-dashboard/attendance?page=3' });
    await userEvent.click(inputOf('Status'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ongoing' }));
    await waitFor(() => expect(url()).toBe('?status=ongoing'));
    expect(query()).toMatchObject({ status: 'ongoing', page: 1 });
    await userEvent.click(inputOf('Team'));
    await userEvent.click(await screen.findByRole('option', { name: 'Night shift' }));
    await waitFor(() => expect(url()).toBe('?status=ongoing&team=2'));
  });

  it('clears every filter at once', async () => {
    await renderWithProviders(<Harness area="admin" />, {
      route: '/admin-dashboard/attendance?status=absent&team=2&to=2026-03-07',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(url()).toBe(''));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('offers a client no client or team filter, and their own VAs to pick', async () => {
    await renderWithProviders(<Harness area="client" />, {
      route: '/client-dashboard/attendance?va=3&team=2',
    });
    expect(screen.queryByLabelText('Client')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();
    await waitFor(() => expect(inputOf('Virtual assistant')).toHaveValue('Ana Cruz'), SLOW);
    expect(query().va_id).toBe(3);
    expect(query()).not.toHaveProperty('team_id');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/v1/client-access/va-list']);
  });
});
