import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { SignOffCard } from './sign-off-card';
import { loadTexts, week } from './test-utils';

beforeEach(loadTexts);

describe("the client's sign-off card", () => {
  it('shows the seven days with worked, activity and screenshots, and the total', async () => {
    await renderWithProviders(<SignOffCard week={week()} canSignOff onDecide={vi.fn()} />);
    const days = await screen.findAllByTestId('week-day');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveTextContent(/Mon, Nov 16\s*7 h 30 min\s*80%\s*40/);
    expect(days[6]).toHaveTextContent(/Sun, Nov 22\s*–\s*–\s*0/);
    expect(screen.getByTestId('week-total')).toHaveTextContent('37 h 30 min (37.50 h)80%200');
  });

  it('approves the week in one click, and a dispute needs a comment', async () => {
    const onDecide = vi.fn(async () => undefined);
    await renderWithProviders(<SignOffCard week={week()} canSignOff onDecide={onDecide} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve week' }));
    expect(onDecide).toHaveBeenCalledWith('approve');

    await user.click(screen.getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute the week of Vince Cruz' });
    await user.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    expect(
      await within(dialog).findByText('Say what is wrong: a dispute needs a comment'),
    ).toBeInTheDocument();
    expect(onDecide).toHaveBeenCalledTimes(1);

    await user.type(within(dialog).getByRole('textbox', { name: /^What is wrong/ }), 'Friday was a holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    await waitFor(() => expect(onDecide).toHaveBeenLastCalledWith('dispute', 'Friday was a holiday'));
  });

  it("shows a dispute's comment and the VA's reply; without sign-off there are no buttons", async () => {
    await renderWithProviders(
      <SignOffCard
        week={week({
          client_status: 'disputed',
          comment: 'Friday was a holiday',
          va_reply: 'I worked on the backlog',
        })}
        canSignOff={false}
        onDecide={vi.fn()}
      />,
    );
    expect(await screen.findByText('Friday was a holiday')).toBeInTheDocument();
    expect(screen.getByText('I worked on the backlog')).toBeInTheDocument();
    expect(screen.getByText('Disputed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve week' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dispute' })).not.toBeInTheDocument();
  });
});
