import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VaNotification } from '@vahub/shared/notifications/schemas';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vaLogQuery } from '../../../features/notifications/api/va-log';
import { logFiltersOf } from '../../../features/notifications/api/va-log-filters';
import { loadTexts, mockApi, note, person } from '../../../features/notifications/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { vaLogLoader } from './loaders';
import { VaNotificationsPage } from './va-log-page';

const SLOW = { timeout: 5000 };
const LOG = '/api/v1/admin-access/virtual-assistants/notifications';
const ROUTE = '/admin-dashboard/virtual-assistants/notifications';
const ADMIN = { id: 1, timezone: 'UTC', time_format: '24h', roles: [{ name: 'admin' }] };
const ANA = person(7, 'Ana Cruz');
const MIA = person(3, 'Mia Santos');

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

const row = (id: number, over: Partial<VaNotification> = {}): VaNotification => ({
  ...note(id, { va_id: ANA.id }),
  recipient: MIA,
  va: ANA,
  ...over,
});

function api(rows: VaNotification[], total = rows.length) {
  return mockApi((url) => {
    if (url.pathname === '/api/v1/me') return ADMIN;
    if (url.pathname === '/api/v1/admin-access/users')
      return { data: [{ ...ANA, roles: [{ name: 'va' }], status: 'active' }] };
    if (url.pathname === LOG)
      return {
        data: rows,
        meta: {
          current_page: Number(url.searchParams.get('page') ?? 1),
          per_page: 25,
          total,
          last_page: Math.ceil(total / 25) || 1,
        },
      };
    return { status: 404, body: { message: 'Not found' } };
  });
}
const logReads = (calls: { method: string; url: URL }[]) =>
  calls.filter((c) => c.url.pathname === LOG).map((c) => Object.fromEntries(c.url.searchParams));

async function mount(search = '') {
  await renderWithProviders(
    <>
      <VaNotificationsPage />
      <Where />
    </>,
    { route: `${ROUTE}${search}` },
  );
}

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

describe("the admin's log of notifications about VAs", { timeout: 20_000 }, () => {
  it('shows when, about whom, what and to whom, and whether it was read', async () => {
    api([
      row(2, {
        type: 'attendance.absent',
        title: 'Ana Cruz was absent on 2 Dec',
        data: { date: '2026-12-02' },
        created_at: '2026-12-02T17:05:00Z',
      }),
      row(1, {
        type: 'request.decided',
        data: { request_type: 'sick_leave', status: 'rejected' },
        recipient: ANA,
        read_at: '2026-12-01T10:00:00Z',
      }),
    ]);
    await mount();
    const rows = await screen.findAllByTestId('log-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    const [absent, decided] = rows.map((r) => within(r).getAllByRole('cell'));
    expect(absent[0]).toHaveTextContent('Dec 2, 2026, 17:05');
    expect(absent[1]).toHaveTextContent('Ana Cruz');
    expect(absent[2]).toHaveTextContent('Absent');
    expect(absent[3]).toHaveTextContent('Ana Cruz was absent on Dec 2, 2026');
    expect(absent[4]).toHaveTextContent('Mia Santos');
    expect(absent[5]).toHaveTextContent('Unread');
    // The VA's own notification, told in the third person here.
    expect(decided[3]).toHaveTextContent("Ana Cruz's sick leave request was rejected");
    expect(decided[5]).toHaveTextContent('Read');
  });

  it('takes its filters from the URL and keeps a new one there', async () => {
    const { calls } = api([row(1)]);
    await mount('?va=7&from=2026-11-01&to=2026-11-30&page=2');
    await screen.findAllByTestId('log-row', {}, SLOW);
    expect(logReads(calls)[0]).toEqual({
      va_id: '7',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      page: '2',
      per_page: '25',
    });

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Late' }));
    // A new filter goes back to page 1.
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent(
        '?va=7&from=2026-11-01&to=2026-11-30&type=attendance.late',
      ),
    );
    await waitFor(() =>
      expect(logReads(calls).at(-1)).toMatchObject({ type: 'attendance.late', va_id: '7', page: '1' }),
    );

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
    await waitFor(() => expect(logReads(calls).at(-1)).toEqual({ page: '1', per_page: '25' }));
  });

  it('pages through a long log', async () => {
    const { calls } = api([row(1)], 60);
    await mount();
    await screen.findAllByTestId('log-row', {}, SLOW);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?page=3'));
    await waitFor(() => expect(logReads(calls).at(-1)).toMatchObject({ page: '3' }));
  });

  it('says when nothing matches the filters', async () => {
    api([]);
    await mount('?type=screenshot.failed');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent(
      'No notification matches these filters.',
    );
  });

  it('says when there is nothing yet', async () => {
    api([]);
    await mount();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No notifications about VAs yet.');
  });
});

describe('the log page loader', () => {
  it('prefetches the page the URL asks for, where the page will read it', async () => {
    const { calls } = api([row(1)]);
    const client = new QueryClient();
    const url = `http://localhost${ROUTE}?type=attendance.late&page=2`;
    const args = {
      request: new Request(url),
      params: {},
      context: undefined,
    } as unknown as LoaderFunctionArgs;
    await vaLogLoader(args, client);
    expect(logReads(calls)).toEqual([{ type: 'attendance.late', page: '2', per_page: '25' }]);
    const key = vaLogQuery(logFiltersOf(new URL(url).searchParams)).queryKey;
    expect(client.getQueryData(key)).toMatchObject({ data: [{ id: 1 }] });
  });
});
