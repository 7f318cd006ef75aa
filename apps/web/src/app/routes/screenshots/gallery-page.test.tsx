import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../../../app/modals-host';
import {
  loadTexts,
  ME,
  mockApi,
  page,
  person,
  shot,
} from '../../../features/screenshots/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ScreenshotsPage } from './gallery-pages';

const ADMIN = '/api/v1/admin-access';

function Where() {
  const { search } = useLocation();
  return <output data-testid="search">{search}</output>;
}

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

// Friday 2026-11-20, in the viewer's zone (UTC). Newest first, as the API lists them.
const ANA = person(5, 'Ana Reyes');
const LIST = [
  shot(4, '2026-11-20T10:12:00Z', {
    status: 'expired',
    image_url: null,
    thumbnail_url: null,
    urls_expire_at: null,
    activity_percent: null,
  }),
  shot(5, '2026-11-20T09:45:00Z', { va_id: 5, va: ANA, attendance_id: 200, activity_percent: 65 }),
  shot(3, '2026-11-20T09:27:00Z', {
    source: 'on_demand',
    blurred: true,
    tracker: 'web',
    activity_percent: 40,
  }),
  shot(1, '2026-11-20T09:03:00Z', { activity_percent: 80 }),
  shot(2, '2026-11-20T09:03:00Z', { screen: 1, activity_percent: 80 }),
];

function api() {
  return mockApi((url, method) => {
    if (url.pathname === '/api/v1/me') return ME;
    if (url.pathname === `${ADMIN}/users`) return { data: [person(4, 'Vince Cruz'), ANA] };
    if (url.pathname === `${ADMIN}/screenshot-count`)
      return {
        total: 7,
        by_day: [
          { date: '2026-11-18', count: 2 },
          { date: '2026-11-20', count: 5 },
        ],
      };
    if (url.pathname === `${ADMIN}/screenshots` && method === 'GET') return page(LIST);
    if (method === 'DELETE') return { message: 'Deleted' };
    return page([]);
  });
}
const gets = (calls: { method: string; url: URL }[], path: string) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname === `${ADMIN}/${path}`)
    .map((c) => Object.fromEntries(c.url.searchParams));

describe('the screenshots gallery', () => {
  it('lays captures out by hour and VA, in six 10-minute blocks with their activity, counts per day above', async () => {
    const { calls } = api();
    await renderWithProviders(<ScreenshotsPage />, {
      route: '/admin-dashboard/screenshots?from=2026-11-20&to=2026-11-20',
    });

    const hours = await screen.findAllByTestId('hour');
    expect(hours.map((h) => within(h).getByRole('heading').textContent)).toEqual([
      '10 AM – 11 AM',
      '9 AM – 10 AM',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Friday, November 20, 2026' })).toBeInTheDocument();

    // 10 AM: the image retention removed still has its place and time.
    expect(within(hours[0]).getByText('Image removed by retention')).toBeInTheDocument();

    // 9 AM: a row per VA, each with six blocks.
    const rows = within(hours[1]).getAllByTestId('hour-row');
    expect(rows.map((r) => r.dataset.va)).toEqual(['5', '4']);
    const vince = rows[1];
    expect(within(vince).getByText('Vince Cruz')).toBeInTheDocument();
    const blocks = within(vince).getAllByTestId('block');
    expect(blocks).toHaveLength(6);
    expect(blocks.map((b) => b.dataset.count)).toEqual(['1', '0', '1', '0', '0', '0']);
    expect(within(blocks[0]).getByText('From 9:00 AM')).toBeInTheDocument();
    expect(within(blocks[0]).getByRole('progressbar', { name: 'Activity 80 %' })).toBeInTheDocument();
    expect(within(blocks[2]).getByRole('progressbar', { name: 'Activity 40 %' })).toBeInTheDocument();
    expect(within(vince).getByText('2 captures')).toBeInTheDocument();

    // Two screens of one capture: one card, side by side, each opening the viewer with the filters kept.
    const twoScreens = within(blocks[0]).getAllByRole('link');
    expect(twoScreens.map((a) => a.getAttribute('href'))).toEqual([
      '/admin-dashboard/screenshots/1?from=2026-11-20&to=2026-11-20',
      '/admin-dashboard/screenshots/2?from=2026-11-20&to=2026-11-20',
    ]);
    const img = within(twoScreens[1]).getByRole('img', {
      name: 'Screenshot of Vince Cruz at 9:03 AM (screen 2)',
    });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '200');
    expect(within(blocks[0]).getByText(/2 screens/)).toBeInTheDocument();
    // Badges say how a capture was taken.
    for (const badge of ['On demand', 'Blurred', 'Web'])
      expect(within(blocks[2]).getByText(badge)).toBeInTheDocument();

    // The request is the URL's; the day strip shows the week with the day's count pressed.
    expect(gets(calls, 'screenshots')[0]).toEqual({
      page: '1',
      per_page: '60',
      start_date: '2026-11-20',
      end_date: '2026-11-20',
    });
    expect(gets(calls, 'screenshot-count')[0]).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    const friday = await screen.findByRole('button', { name: 'Fri, Nov 20: 5 screenshots' });
    expect(friday).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wed, Nov 18: 2 screenshots' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByTestId('period-total')).toHaveTextContent('5 screenshots in this period');
  }, 20_000);

  it('narrows to a day from the strip and by source, in the URL; an admin deletes a capture after confirming', async () => {
    const { calls } = api();
    await renderWithProviders(
      <>
        <ModalsHost />
        <ScreenshotsPage />
        <Where />
      </>,
      { route: '/admin-dashboard/screenshots?from=2026-11-16&to=2026-11-20' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Wed, Nov 18: 2 screenshots' }));
    await waitFor(() =>
      expect(screen.getByTestId('search')).toHaveTextContent('?from=2026-11-18&to=2026-11-18'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(await screen.findByRole('option', { name: 'On demand' }));
    await waitFor(() =>
      expect(gets(calls, 'screenshots').at(-1)).toMatchObject({
        source: 'on_demand',
        start_date: '2026-11-18',
      }),
    );

    const [first] = await screen.findAllByRole('button', {
      name: 'Delete the screenshot of Vince Cruz at 9:03 AM',
    });
    await user.click(first);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
        `${ADMIN}/screenshots/1`,
        `${ADMIN}/screenshots/2`,
      ]),
    );
  }, 20_000);
});
