import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

const listeners = new Set<() => void>();
let snapshot: TrackerSnapshot;
const fakeClient = {
  getSnapshot: () => snapshot,
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  clockIn: vi.fn(async () => {}),
  clockOut: vi.fn(async () => {}),
  setTask: vi.fn(),
};
const dispose = vi.fn();
let share = { state: 'off', surface: null as string | null };
const shareListeners = new Set<() => void>();
const fakeDisplay = {
  getStatus: () => share,
  subscribe: (l: () => void) => {
    shareListeners.add(l);
    return () => shareListeners.delete(l);
  },
  start: vi.fn(async () => {
    share = { state: 'on', surface: 'monitor' };
    for (const l of shareListeners) l();
  }),
  stop: vi.fn(),
};
const fakeCapture = { getSnapshot: () => null, subscribe: () => () => {} };
vi.mock('./web-timer', () => ({
  createWebTimer: () => ({
    client: fakeClient,
    capture: fakeCapture,
    display: fakeDisplay,
    watchIdle: async () => true,
    dispose,
  }),
}));

const { timerRuntime } = await import('./timer-runtime');

const shift = (status: TrackerSnapshot['shift']['status'], startedAt: string | null): TrackerSnapshot => ({
  shift: { status, attendance: startedAt ? ({ id: 5, started_at: startedAt } as never) : null },
  current: null,
  backlog: 0,
  replay: 'idle',
  lastSyncAt: null,
  lastError: null,
});

describe('TimerRuntime', () => {
  afterEach(() => vi.useRealTimers());

  it('leads without Web Locks, keeps the running clock in the title while on shift, and restores it', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-03-02T10:00:00Z'));
    document.title = 'vahub';
    snapshot = shift('clocked_out', null);
    const rt = timerRuntime(7);
    expect(rt.getState().role).toBe('leader');
    expect(timerRuntime(7)).toBe(rt);

    snapshot = shift('on_shift', '2026-03-02T09:00:00Z');
    for (const l of listeners) l();
    expect(document.title).toBe('⏱ 1:00:00 · vahub');
    vi.advanceTimersByTime(5000);
    expect(document.title).toBe('⏱ 1:00:05 · vahub');

    snapshot = shift('forced_out', '2026-03-02T09:00:00Z');
    for (const l of listeners) l();
    expect(document.title).toBe('vahub');
    vi.advanceTimersByTime(5000);
    expect(document.title).toBe('vahub');

    // The share control reaches this tab's shared screen, and its state comes back.
    expect(rt.getState().share.state).toBe('off');
    await rt.startShare();
    expect(rt.getState().share).toEqual({ state: 'on', surface: 'monitor' });
    rt.stopShare();
    expect(fakeDisplay.stop).toHaveBeenCalled();

    // Another user in this tab gets a fresh runtime; the old one stops its timer.
    const other = timerRuntime(8);
    expect(other).not.toBe(rt);
    expect(rt.disposed).toBe(true);
    expect(dispose).toHaveBeenCalled();
    other.dispose();
  });

  it('sets the task on the leading timer, also when another tab of the same user picks it', async () => {
    const rt = timerRuntime(9);
    expect(rt.getState().role).toBe('leader');
    rt.setTask({ kind: 'task', id: 12, title: 'Fix the login' });
    expect(fakeClient.setTask).toHaveBeenLastCalledWith({ kind: 'task', id: 12, title: 'Fix the login' });

    // Another tab (a follower) sends its pick over the user's channel.
    const otherTab = new BroadcastChannel('vahub-timer-9');
    otherTab.postMessage({ type: 'set-task', task: { kind: 'general', id: 3 } });
    await vi.waitFor(() => expect(fakeClient.setTask).toHaveBeenLastCalledWith({ kind: 'general', id: 3 }));
    otherTab.close();
    rt.dispose();
  });
});
