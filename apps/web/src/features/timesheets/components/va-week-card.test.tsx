import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { loadTexts, week } from './test-utils';
import { VaWeekCard } from './va-week-card';

beforeEach(loadTexts);

describe("the VA's week", () => {
  it("shows the client's dispute and sends a reply (a reply needs words)", async () => {
    const onReply = vi.fn(async () => undefined);
    await renderWithProviders(
      <VaWeekCard
        week={week({ client_status: 'disputed', comment: 'Friday was a holiday' })}
        onReply={onReply}
      />,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Friday was a holiday')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Say what is wrong: a dispute needs a comment')).toBeInTheDocument();
    expect(onReply).not.toHaveBeenCalled();

    const reply = screen.getByRole('textbox', { name: 'Your reply' });
    await user.type(reply, 'The client asked me to work that day');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(onReply).toHaveBeenCalledWith('The client asked me to work that day'));
    await waitFor(() => expect(reply).toHaveValue(''));
  });

  it('has nothing to answer on a waiting or approved week', async () => {
    await renderWithProviders(<VaWeekCard week={week({ client_status: 'approved' })} onReply={vi.fn()} />);
    expect(await screen.findByText('Signed off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reply' })).not.toBeInTheDocument();
  });
});
