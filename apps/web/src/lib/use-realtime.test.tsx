import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeStatus } from '../components/ui/realtime-status';
import { FakeSocket } from '../test/fake-socket';
import { renderWithProviders } from '../test/render';
import { nowSeconds, saveSession } from './session';
import { useRealtime, useRealtimeConnection } from './use-realtime';

function Dashboard({ onLogout }: { onLogout: (id: number) => void }) {
  useRealtimeConnection();
  useRealtime('attendance.logout', (data) => onLogout(data.attendance_id));
  return <RealtimeStatus />;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  saveSession(
    { token: 'access', refreshToken: 'refresh', tokenExpire: nowSeconds() + 600, authUser: null },
    true,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useRealtime', () => {
  it('connects while mounted, shows the state, delivers messages and closes on unmount', async () => {
    const onLogout = vi.fn();
    const view = await renderWithProviders(<Dashboard onLogout={onLogout} />);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0];
    expect(socket.url).toMatch(/^ws:\/\/.+\/api\/v1\/ws$/);
    expect(screen.getByRole('status', { name: 'Live updates: Connecting…' })).toBeInTheDocument();

    act(() => {
      socket.readyState = 1;
      socket.onopen?.();
      socket.serverSays({ type: 'ready', data: { user_id: 1, connection_id: 'c' } });
    });
    expect(JSON.parse(socket.sent[0])).toMatchObject({ type: 'auth', token: 'access' });
    expect(screen.getByRole('status', { name: 'Live updates: Live' })).toBeInTheDocument();

    act(() => socket.serverSays({ type: 'attendance.logout', data: { attendance_id: 12 } }));
    expect(onLogout).toHaveBeenCalledWith(12);

    act(() => socket.onclose?.({ code: 1012 }));
    expect(screen.getByRole('status', { name: 'Live updates: Reconnecting…' })).toBeInTheDocument();

    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(FakeSocket.all).toHaveLength(1); // stopped: no retry after leaving the dashboards
  });
});
