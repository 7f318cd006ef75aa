import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentShift } from '@vahub/shared/attendance/schemas';
import type { DroppedPing } from '@vahub/tracker-core/replay';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { invalidate } from '../../../lib/query-keys';
import { useRealtime } from '../../../lib/use-realtime';
import { currentShiftQuery } from '../api/tracker-calls';
import { type IdleSupport, idleSupport, requestIdlePermission } from './idle-detection';
import { electLeader, type TabRole, TimerChannel } from './leader';
import { createWebTimer, type WebTimer } from './web-timer';

export interface TimerModel {
  role: TabRole;
  /** The leading tab's tracker state (this tab's, or told by the leader); null until known. */
  snapshot: TrackerSnapshot | null;
  /** The current or next shift: the tracker's word, else the server's (a tab that is not the timer). */
  current: CurrentShift | null;
  currentError: unknown;
  online: boolean;
  idle: IdleSupport;
  /** Reads the shift again (after a failed load). */
  retry(): void;
  clockIn(): Promise<void>;
  clockOut(): Promise<void>;
  grantIdle(): Promise<void>;
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

/**
 * The web timer of one VA in this tab: elects the one leading tab (Web Locks), runs the tracker there and
 * tells the other tabs its state (BroadcastChannel), which show it read-only until they take over.
 */
export function useTimer(options: {
  userId: number;
  intervalSeconds?: number;
  onForcedLogout: () => void;
  onDropped?: (dropped: DroppedPing[]) => void;
}): TimerModel {
  const { userId, intervalSeconds } = options;
  const [role, setRole] = useState<TabRole>('starting');
  const [snapshot, setSnapshot] = useState<TrackerSnapshot | null>(null);
  const [idle, setIdle] = useState<IdleSupport>('unsupported');
  const timer = useRef<WebTimer | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const online = useOnline();
  const queryClient = useQueryClient();
  // Every tab reads the shift: the leader's snapshot replaces it once there.
  const query = useQuery({ ...currentShiftQuery(), enabled: role !== 'leader' });
  useRealtime('attendance.changed', () => void invalidate(queryClient, 'attendance'));

  useEffect(
    () => electLeader({ name: `vahub-timer-${userId}`, locks: navigator.locks, onRole: setRole }),
    [userId],
  );

  useEffect(() => {
    if (role === 'starting') return;
    const channel = new TimerChannel(`vahub-timer-${userId}`, (message) => {
      if (role === 'leader' && message.type === 'hello' && timer.current)
        channel.post({ type: 'snapshot', snapshot: timer.current.client.getSnapshot() });
      if (role === 'follower' && message.type === 'snapshot') setSnapshot(message.snapshot);
    });
    if (role === 'follower') {
      channel.post({ type: 'hello' });
      return () => channel.close();
    }
    const web = createWebTimer({
      userId,
      intervalSeconds,
      onForcedLogout: () => callbacks.current.onForcedLogout(),
      onDropped: (d) => callbacks.current.onDropped?.(d),
    });
    timer.current = web;
    const publish = () => {
      const next = web.client.getSnapshot();
      setSnapshot(next);
      channel.post({ type: 'snapshot', snapshot: next });
    };
    const off = web.client.subscribe(publish);
    publish();
    void idleSupport().then((support) => {
      setIdle(support);
      if (support === 'granted') void web.watchIdle();
    });
    return () => {
      off();
      web.dispose();
      timer.current = null;
      channel.close();
    };
  }, [role, userId, intervalSeconds]);

  const clockIn = useCallback(async () => {
    await timer.current?.client.clockIn();
  }, []);
  const clockOut = useCallback(async () => {
    await timer.current?.client.clockOut();
  }, []);
  const grantIdle = useCallback(async () => {
    const support = await requestIdlePermission();
    setIdle(support);
    if (support === 'granted') await timer.current?.watchIdle();
  }, []);

  return {
    role,
    snapshot,
    current: snapshot?.current ?? query.data ?? null,
    currentError: snapshot?.current ? null : query.error,
    online,
    idle,
    retry: () => void query.refetch(),
    clockIn,
    clockOut,
    grantIdle,
  };
}
