import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalsHost } from '../app/modals-host';
import { testTheme } from '../test/render';
import { CONFIRM_DEFAULTS, confirmDialog } from './confirm';

const mount = () =>
  render(
    <MantineProvider theme={testTheme} env="test">
      <ModalsHost />
    </MantineProvider>,
  );

describe('confirm dialog', () => {
  it('has the spec defaults', () => {
    expect(CONFIRM_DEFAULTS).toEqual({ title: 'Confirm dialog', confirmLabel: 'Confirm', color: 'success' });
  });

  it('runs the action and closes', async () => {
    mount();
    const action = vi.fn().mockResolvedValue(undefined);
    await confirmDialog({ message: 'Delete it?', action });
    expect(await screen.findByText('Confirm dialog')).toBeInTheDocument();
    expect(screen.getByText('Delete it?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Delete it?')).not.toBeInTheDocument());
  });

  it('closes silently when the action fails', async () => {
    mount();
    const action = vi.fn().mockRejectedValue(new Error('nope'));
    await confirmDialog({ message: 'Risky?', action, title: 'Sure?' });
    expect(await screen.findByText('Sure?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Risky?')).not.toBeInTheDocument());
    expect(screen.queryByText('nope')).not.toBeInTheDocument();
  });

  it('does nothing when cancelled', async () => {
    mount();
    const action = vi.fn();
    await confirmDialog({ message: 'Cancel me', action });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Cancel me')).not.toBeInTheDocument());
    expect(action).not.toHaveBeenCalled();
  });
});
