import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { EffectSummary } from './effect-summary';
import { ME, mockApi, request, signIn } from './test-utils';

const overtime = request(3, {
  type: 'overtime',
  attendance_id: 31,
  minutes: 45,
  days: null,
  target_start_date: '2026-12-02',
  target_end_date: '2026-12-02',
  effect: { kind: 'overtime', shifts: [], overtime_minutes: 45, timesheet_id: 77, makeup: null },
});
const mus = request(4, {
  type: 'mus',
  minutes: 240,
  days: null,
  mus: { date: '2026-12-06', start: 540, end: 780 },
  target_start_date: '2026-12-06',
  target_end_date: '2026-12-06',
  effect: {
    kind: 'mus',
    shifts: [],
    overtime_minutes: null,
    timesheet_id: null,
    makeup: { start_at: '2026-12-06T01:00:00Z', end_at: '2026-12-06T05:00:00Z', attendance_id: null },
  },
});

beforeEach(async () => {
  await signIn();
  mockApi((url) => (url.pathname === '/api/v1/me' ? ME : {}));
});
afterEach(() => vi.unstubAllGlobals());

describe('what approving a request does', () => {
  it('adds overtime to the timesheet of its shift', async () => {
    await renderWithProviders(<EffectSummary request={overtime} />);
    expect(screen.getByTestId('effect')).toHaveTextContent(
      'Approving adds 45 min overtime to the timesheet of Wed, Dec 2.',
    );
  });

  it("creates a make-up shift at its hours in the contract's zone, and says it did once approved", async () => {
    const { unmount } = await renderWithProviders(<EffectSummary request={mus} />);
    expect(
      await screen.findByText('Approving creates a make-up shift on Sun, Dec 6, 09:00 – 13:00.'),
    ).toBeInTheDocument();
    unmount();
    await renderWithProviders(<EffectSummary request={{ ...mus, status: 'approved' }} />);
    expect(screen.getByTestId('effect')).toHaveTextContent('Approval created a make-up shift on Sun, Dec 6');
  });

  it('says nothing for a cancelled request, and when no shift is left to mark', async () => {
    const { unmount } = await renderWithProviders(
      <EffectSummary request={request(5, { status: 'cancelled' })} />,
    );
    expect(screen.queryByTestId('effect')).not.toBeInTheDocument();
    unmount();
    const none = request(6);
    await renderWithProviders(
      <EffectSummary
        request={{ ...none, effect: { ...(none.effect as NonNullable<typeof none.effect>), shifts: [] } }}
      />,
    );
    expect(screen.getByTestId('effect')).toHaveTextContent('Approving marks no shift on leave');
  });
});
