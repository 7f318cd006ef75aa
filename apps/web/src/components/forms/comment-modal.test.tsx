import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CommentModal } from './comment-modal';

function Harness({ required, onSend }: { required?: boolean; onSend: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <CommentModal
      opened
      onClose={() => undefined}
      title="Reject timesheet"
      label="Reason"
      required={required}
      rows={2}
      maxLength={500}
      value={value}
      onChange={setValue}
      error={required && !value ? 'Say why' : null}
      busy={false}
      submitLabel="Reject"
      onSubmit={async (e) => {
        e.preventDefault();
        onSend(value);
      }}
    />
  );
}

describe('comment modal', () => {
  it('names its form by the title and sends what was written with the action’s button', async () => {
    const onSend = vi.fn();
    await renderWithProviders(<Harness onSend={onSend} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reject timesheet' });
    const form = within(dialog).getByRole('form', { name: 'Reject timesheet' });
    expect(form).not.toHaveAttribute('novalidate');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Wrong week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(onSend).toHaveBeenCalledWith('Wrong week');
  });

  it('marks a required comment and leaves its check to the caller', async () => {
    await renderWithProviders(<Harness required onSend={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reject timesheet' });
    expect(within(dialog).getByRole('form', { name: 'Reject timesheet' })).toHaveAttribute('novalidate');
    expect(within(dialog).getByText('Say why')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
