import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import type { CaptureSnapshot } from '@vahub/tracker-core/capture/controller';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';
import { currentShiftQuery } from '../api/tracker-calls';
import type { ShareStatus } from './display-capturer';
import type { IdleSupport } from './idle-detection';
import type { TabRole } from './leader';
import { NO_SHARE, type RuntimeState, type TimerRuntime, timerRuntime } from './timer-runtime';

export interface TimerModel {
  role: TabRole;
  /** The leading tab's tracker state (this tab's, or told by the leader); null until known. */
  snapshot: TrackerSnapshot | null;
  /** The current or next shift: the tracker's word, else the server's (a tab that is not the timer). */
  current: CurrentShift | null;
  currentError: unknown;
  online: boolean;
  idle: IdleSupport;
  /** This tab's screenshots (null in a tab that is not the timer). */
  capture: CaptureSnapshot | null;
  share: ShareStatus;
  /** What the VA works on (the leading tab's timer names it on every ping); null: no task. */
  task: CurrentTask | null;
  /** Switches it (before clock-in: it applies from clock-in). */
  setTask(task: CurrentTask | null): void;
  /** Reads the shift again (after a failed load). */
  retry(): void;
  clockIn(): Promise<void>;
  clockOut(): Promise<void>;
  grantIdle(): Promise<void>;
  startShare(): Promise<void>;
  stopShare(): void;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}

const STARTING: RuntimeState = {
  role: 'starting',
  snapshot: null,
  idle: 'unsupported',
  capture: null,
  share: NO_SHARE,
};
const none = () => () => {};

/**
 * The web timer as the VA home shows it: this tab's runtime (leader or follower, see `timer-runtime.ts`), and
 * the server's word on the shift for a tab that is not the timer.
 */
export function useTimer(userId: number, intervalSeconds?: number): TimerModel {
  const [rt, setRt] = useState<TimerRuntime | null>(null);
  useEffect(() => setRt(timerRuntime(userId, intervalSeconds)), [userId, intervalSeconds]);
  const state = useSyncExternalStore(
    rt ? rt.subscribe : none,
    () => rt?.getState() ?? STARTING,
    () => STARTING,
  );
  const online = useOnline();
  const queryClient = useQueryClient();
  const query = useQuery({ ...currentShiftQuery(), enabled: state.role !== 'leader' });
  useRealtime('attendance.changed', () => void invalidate(queryClient, 'attendance'));
  const { snapshot } = state;
  return {
    role: state.role,
    snapshot,
    current: snapshot?.current ?? query.data ?? null,
    currentError: snapshot?.current ? null : query.error,
    online,
    idle: state.idle,
    capture: state.capture,
    share: state.share,
    task: snapshot?.task ?? null,
    setTask: (task) => rt?.setTask(task),
    retry: () => void query.refetch(),
    clockIn: async () => rt?.clockIn(),
    clockOut: async () => rt?.clockOut(),
    grantIdle: async () => rt?.grantIdle(),
    startShare: async () => rt?.startShare(),
    stopShare: () => rt?.stopShare(),
  };
}
