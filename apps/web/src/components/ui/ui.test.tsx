import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppButton, BUTTON_SIZES, buttonStyle } from './app-button';
import { EmptyState } from './empty-state';
import { ReloadPromptView } from './reload-prompt-view';

describe('reload prompt', () => {
  const props = { appName: 'VA Hub', onReload: vi.fn(), onClose: vi.fn() };

  it('is hidden when there is nothing to say', async () => {
    await renderWithProviders(<ReloadPromptView {...props} offlineReady={false} needRefresh={false} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the app works offline, with Close only', async () => {
    await renderWithProviders(<ReloadPromptView {...props} offlineReady needRefresh={false} />);
    expect(screen.getByText('VA Hub is ready to work offline')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalled();
  });

  it('offers Reload for a new version', async () => {
    await renderWithProviders(<ReloadPromptView {...props} offlineReady={false} needRefresh />);
    expect(
      screen.getByText('A new version of VA Hub is available, click on reload button to update.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(props.onReload).toHaveBeenCalled();
  });
});

describe('empty state', () => {
  it('says there is nothing to show, its icon hidden from screen readers', async () => {
    await renderWithProviders(<EmptyState>No shifts in this period.</EmptyState>);
    const empty = screen.getByTestId('empty-state');
    expect(empty).toHaveTextContent('No shifts in this period.');
    expect(empty.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('button wrapper', () => {
  it('maps the spec colours and sizes', async () => {
    expect(buttonStyle('danger')).toEqual({ color: 'danger', variant: 'filled' });
    expect(buttonStyle('white')).toEqual({ color: 'primary', variant: 'white' });
    expect(buttonStyle('light')).toEqual({ color: 'gray', variant: 'light' });
    expect(BUTTON_SIZES).toEqual({ medium: 'md', big: 'lg', huge: 'xl' });
    await renderWithProviders(
      <AppButton color="success" size="huge">
        Go
      </AppButton>,
    );
    expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument();
  });
});
