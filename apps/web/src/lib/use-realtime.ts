import type { ServerMessageData, ServerMessageType } from '@vahub/shared/realtime/messages';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getValidToken, refreshNow } from './api-client';
import { RealtimeClient, type RealtimeState, realtimeUrl } from './realtime';

let client: RealtimeClient | null = null;

/** The one socket of this tab, made on first use (inside the dashboards only). */
export function realtimeClient(): RealtimeClient {
  client ??= new RealtimeClient({ url: realtimeUrl(), getToken: getValidToken, refreshToken: refreshNow });
  return client;
}

/**
 * Keeps the socket open while the dashboards are mounted: leaving them (sign-out goes to /login) closes it.
 * Coming back online or to the tab retries at once instead of waiting out the backoff.
 */
export function useRealtimeConnection(): void {
  useEffect(() => {
    const c = realtimeClient();
    c.start();
    const retry = () => {
      if (document.visibilityState === 'visible') c.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      c.stop();
    };
  }, []);
}

/** Calls `handler` with each message of `type` while the component is mounted (the latest handler). */
export function useRealtime<T extends ServerMessageType>(
  type: T,
  handler: (data: ServerMessageData<T>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtimeClient().onMessage(type, (data) => latest.current(data)), [type]);
}

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(
    (notify) => realtimeClient().onState(notify),
    () => realtimeClient().getState(),
    () => 'idle',
  );
}
