import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { AdjustModal, billableAfter } from './adjust-modal';
import { loadTexts, sheet } from './test-utils';

beforeEach(loadTexts);

describe('the billable preview', () => {
  const base = sheet(1, '2026-11-20', { adjustment_minutes: 30, billable_minutes: 480 });
  it('moves the billable minutes by the change of the adjustment, never below zero', () => {
    expect(billableAfter(base, 30)).toBe(480);
    expect(billableAfter(base, 60)).toBe(510);
    expect(billableAfter(base, -90)).toBe(360);
    expect(billableAfter(base, -1440)).toBe(0);
  });
  it('bills nothing on a rejected timesheet', () => {
    expect(billableAfter({ ...base, status: 'rejected', billable_minutes: 0 }, 60)).toBe(0);
  });
  it('reads the base from the capped worked minutes plus overtime when billable sits at zero', () => {
    const floored = sheet(2, '2026-11-20', {
      worked_minutes: 300,
      scheduled_minutes: 480,
      overtime_minutes: 0,
      adjustment_minutes: -400,
      billable_minutes: 0,
    });
    expect(billableAfter(floored, 0)).toBe(300);
  });
});

describe('the adjust modal', () => {
  it('needs a reason, and shows the billable the new adjustment gives before saving', async () => {
    const onSave = vi.fn(async () => undefined);
    const onClose = vi.fn();
    await renderWithProviders(
      <AdjustModal opened onClose={onClose} timesheet={sheet(1, '2026-11-20')} onSave={onSave} />,
    );
    const user = userEvent.setup();
    const minutes = await screen.findByRole('textbox', { name: 'Adjustment (minutes)' });
    expect(screen.getByTestId('billable-preview')).toHaveTextContent(
      'With an adjustment of 0 min, billable will be 7 h 30 min.',
    );
    await user.clear(minutes);
    await user.type(minutes, '45');
    expect(screen.getByTestId('billable-preview')).toHaveTextContent(
      'With an adjustment of +45 min, billable will be 8 h 15 min.',
    );

    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText('Say why: an adjustment needs a reason')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), '  Client meeting off the tracker ');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ adjustment_minutes: 45, note: 'Client meeting off the tracker' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's refusal on its field", async () => {
    const { ApiError } = await import('../../../lib/normalize-error');
    const onSave = vi.fn(async () => {
      throw new ApiError({
        message: 'Invalid',
        status: 422,
        errors: { note: ['This timesheet is approved and frozen: an admin reopens it before it changes'] },
      });
    });
    await renderWithProviders(
      <AdjustModal opened onClose={() => undefined} timesheet={sheet(1, '2026-11-20')} onSave={onSave} />,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Reason/ }), 'Late ping');
    await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
    expect(await screen.findByText(/approved and frozen/)).toBeInTheDocument();
  });
});
