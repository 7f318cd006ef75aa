import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailOf, loadTexts, ME, mockApi, shot } from '../../../features/screenshots/components/test-utils';
import { renderWithProviders } from '../../../test/render';
import { ScreenshotViewerPage } from './viewer-page';

const ADMIN = '/api/v1/admin-access';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(loadTexts);
afterEach(() => vi.unstubAllGlobals());

// Three captures of Vince in a row; the middle one has a second screen and its contract keeps Manila time.
const DETAILS = {
  10: detailOf(shot(10, '2026-11-20T08:55:00Z'), { next_id: 11 }),
  11: detailOf(shot(11, '2026-11-20T09:03:00Z', { timezone: 'Asia/Manila', activity_percent: 80 }), {
    previous_id: 10,
    next_id: 12,
    siblings: [shot(13, '2026-11-20T09:03:00Z', { screen: 1 })],
  }),
  12: detailOf(shot(12, '2026-11-20T09:14:00Z'), { previous_id: 11 }),
} as Record<number, unknown>;

describe('the screenshot viewer', () => {
  it('moves with the arrow keys, zooms with + − 0, and Escape returns to the gallery with its filters', async () => {
    mockApi((url) => {
      if (url.pathname === '/api/v1/me') return ME;
      const id = Number(url.pathname.replace(`${ADMIN}/screenshots/`, ''));
      return DETAILS[id] ?? { status: 404, body: { status: 404, message: 'Screenshot not found' } };
    });
    await renderWithProviders(
      <>
        <Routes>
          <Route path="/admin-dashboard/screenshots/:id" element={<ScreenshotViewerPage />} />
          <Route path="/admin-dashboard/screenshots" element={<p>Gallery</p>} />
        </Routes>
        <Where />
      </>,
      { route: '/admin-dashboard/screenshots/11?va=4&from=2026-11-20' },
    );
    const user = userEvent.setup();

    // The image region takes the focus and names the shortcuts; both screens show side by side.
    const stage = await screen.findByRole('region', { name: /^Screenshot of Vince Cruz at/ });
    await waitFor(() => expect(stage).toHaveFocus());
    expect(stage).toHaveAccessibleDescription(/left and right arrows open the previous and next screenshot/);
    expect(
      within(stage)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/files/11.webp?sig=x', '/files/13.webp?sig=x']);
    const details = screen.getByTestId('viewer-details');
    expect(details).toHaveTextContent('Inbox and calendar');
    expect(details).toHaveTextContent('Acme Dental');
    expect(details).toHaveTextContent("the contract's time (Asia/Manila)");
    expect(within(details).getByRole('progressbar', { name: 'Activity 80 %' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(where()).toBe('/admin-dashboard/screenshots/12?va=4&from=2026-11-20'));
    await waitFor(() => expect(screen.getByTestId('viewer-stage')).toHaveAttribute('data-id', '12'));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.keyboard('{ArrowRight}'); // no next: stays
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(screen.getByTestId('viewer-stage')).toHaveAttribute('data-id', '10'));
    expect(where()).toBe('/admin-dashboard/screenshots/10?va=4&from=2026-11-20');
    await waitFor(() => expect(screen.getByTestId('viewer-stage')).toHaveFocus());

    const level = () => screen.getByTestId('zoom-level').textContent;
    await user.keyboard('++');
    expect(level()).toBe('200%');
    await user.keyboard('-');
    expect(level()).toBe('150%');
    await user.keyboard('0');
    expect(level()).toBe('100%');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('150%');
    // The zoom is the capture's: the next one opens fitted, takes its own, and the way back opens fitted again.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByTestId('viewer-stage')).toHaveAttribute('data-id', '11'));
    expect(level()).toBe('100%');
    await user.keyboard('+');
    expect(level()).toBe('150%');
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.getByTestId('viewer-stage')).toHaveAttribute('data-id', '10'));
    expect(level()).toBe('100%');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(where()).toBe('/admin-dashboard/screenshots?va=4&from=2026-11-20'));
    expect(screen.getByText('Gallery')).toBeInTheDocument();
  }, 20_000);
});
