import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_COLORS } from '../components/ui/app-tooltip';
import { DelayedLoader } from '../components/ui/delayed-loader';
import { testTheme } from '../test/render';
import { chooseRole, currentRole, getChosenRole } from './active-role';
import { initI18n } from './i18n';
import { NOTIFY_AUTO_CLOSE, NOTIFY_COLORS, notify } from './notify';
import { prefetchOnce, setPrefetcher } from './prefetch';

afterEach(() => vi.useRealTimers());

describe('active role', () => {
  it('remembers the choice per user id and reloads', () => {
    const reload = vi.fn();
    chooseRole(42, 'va', reload);
    expect(localStorage.getItem('active-role:42')).toBe('va');
    expect(getChosenRole(42)).toBe('va');
    expect(getChosenRole(7)).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(currentRole({ id: 42, roles: [{ name: 'manager' }, { name: 'va' }] })).toBe('va');
    expect(currentRole({ id: 7, roles: [{ name: 'manager' }, { name: 'va' }] })).toBe('manager');
  });
});

describe('notify', () => {
  it('knows the spec types and shows for 5000 ms', () => {
    expect(Object.keys(NOTIFY_COLORS).sort()).toEqual(
      ['accent', 'blue', 'green', 'info', 'orange', 'primary', 'purple', 'warning'].sort(),
    );
    expect(NOTIFY_AUTO_CLOSE).toBe(5000);
    const show = vi.spyOn(notifications, 'show');
    notify('accent', 'Saved');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'accent', message: 'Saved', autoClose: 5000 }),
    );
  });
});

describe('tooltip colours', () => {
  it('covers the spec palette', () => {
    expect(Object.keys(TOOLTIP_COLORS)).toEqual(['light', 'primary', 'info', 'success', 'warning', 'error']);
  });
});

describe('prefetch', () => {
  it('warms each address once', () => {
    const warm = vi.fn();
    setPrefetcher(warm);
    prefetchOnce('/auth/signup');
    prefetchOnce('/auth/signup#top');
    prefetchOnce('/auth/login');
    expect(warm.mock.calls).toEqual([['/auth/signup'], ['/auth/login']]);
  });
});

describe('delayed loader', () => {
  it('appears only after 200 ms', async () => {
    await initI18n();
    vi.useFakeTimers();
    render(<DelayedLoader />, {
      wrapper: ({ children }) => (
        <MantineProvider theme={testTheme} env="test">
          {children}
        </MantineProvider>
      ),
    });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});
