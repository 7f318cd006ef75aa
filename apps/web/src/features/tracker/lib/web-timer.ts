import { CaptureController, type CaptureLogEntry } from '@vahub/tracker-core/capture/controller';
import { MemoryUploadStore } from '@vahub/tracker-core/capture/types';
import { hostClock } from '@vahub/tracker-core/clock';
import { isTracking } from '@vahub/tracker-core/shift-state';
import type { TrackerEvents } from '@vahub/tracker-core/socket';
import { TrackerClient, type TrackerClientOptions } from '@vahub/tracker-core/tracker-client';
import { realtimeClient } from '../../../lib/use-realtime';
import { AGENT_POLL_MS } from '../api/agent-calls';
import { webScreenshotTransport } from '../api/screenshot-calls';
import { webTransport } from '../api/tracker-calls';
import { DisplayCapturer } from './display-capturer';
import { IdbOutboxStore, outboxName } from './idb-outbox';
import { watchIdle } from './idle-detection';
import { LocalTaskStore, taskStoreKey } from './local-task-store';

/** The dashboard's socket as the core's event source: one socket per tab, shared with the live views. */
const dashboardEvents: TrackerEvents = {
  subscribe(listener) {
    const rt = realtimeClient();
    const offs = [
      rt.onMessage('attendance.logout', (data) => listener({ type: 'attendance.logout', data })),
      rt.onMessage('attendance.changed', (data) => listener({ type: 'attendance.changed', data })),
      rt.onMessage('attendance.task', (data) => listener({ type: 'attendance.task', data })),
      rt.onMessage('screenshot.request', (data) => listener({ type: 'screenshot.request', data })),
    ];
    return () => {
      for (const off of offs) off();
    };
  },
};

/** Mouse moves arrive by the hundred a second: count at most one a second, like a click. */
const MOVE_EVERY_MS = 1000;

export interface WebTimer {
  client: TrackerClient;
  /** Screenshots: scheduled and on-demand captures of the screen the VA shares, and their uploads. */
  capture: CaptureController;
  /** The shared screen (getDisplayMedia). */
  display: DisplayCapturer;
  /** Starts the Idle Detection API watch (after the VA granted it). */
  watchIdle(): Promise<boolean>;
  dispose(): void;
}

/**
 * The tracker core in a browser tab: the app's api client as transport, IndexedDB as the outbox, the page's
 * keyboard and mouse events as input counts (counts only: never which key, never where), the dashboard's
 * socket for forced logouts and screenshot requests, the screen the VA shares as capturer (uploads wait in
 * memory: a reload ends the share anyway), and `source: 'web'`.
 */
export function createWebTimer(options: {
  userId: number;
  intervalSeconds?: number;
  onForcedLogout?: TrackerClientOptions['onForcedLogout'];
  onDropped?: TrackerClientOptions['onDropped'];
  onCaptureLog?: (entry: CaptureLogEntry) => void;
}): WebTimer {
  const store = new IdbOutboxStore(outboxName(options.userId));
  const client = new TrackerClient({
    transport: webTransport,
    store,
    clock: hostClock(window),
    uuid: () => crypto.randomUUID(),
    source: 'web',
    events: dashboardEvents,
    intervalSeconds: options.intervalSeconds,
    taskStore: new LocalTaskStore(taskStoreKey(options.userId)),
    onForcedLogout: options.onForcedLogout,
    onDropped: options.onDropped,
    // The desktop agent is the real tracker: while it is connected it records the shift, and this tab only
    // shows it (two trackers would split the minutes between their inputs, idle and tasks).
    standBy: (current) => current.agent_connected,
  });

  const display = new DisplayCapturer();
  const capture = new CaptureController({
    tracker: client,
    capturer: display,
    transport: webScreenshotTransport,
    store: new MemoryUploadStore(),
    clock: hostClock(window),
    uuid: () => crypto.randomUUID(),
    source: 'web',
    events: dashboardEvents,
    onLog: options.onCaptureLog,
  });
  // The server learns at once whether this tab can capture (the VA started or stopped sharing, or the agent
  // took over the shift).
  const syncCapture = () =>
    realtimeClient().setCapture(display.canCapture() && !client.getSnapshot().standingBy);
  const offDisplay = display.subscribe(syncCapture);
  let standingBy = false;
  const offStandBy = client.subscribe(() => {
    const now = client.getSnapshot().standingBy ?? false;
    if (now === standingBy) return;
    standingBy = now;
    syncCapture();
  });
  // The agent connects and goes on its own (no message says so): during a shift, read the shift again every
  // AGENT_POLL_MS (or every ping interval, when `?timerInterval` makes it shorter), so this tab stands by or
  // takes over within that time.
  const pollMs = Math.min(AGENT_POLL_MS, (options.intervalSeconds ?? Number.POSITIVE_INFINITY) * 1000);
  const poll = window.setInterval(() => {
    if (isTracking(client.getSnapshot().shift)) void client.refresh().catch(() => {});
  }, pollMs);

  let lastMove = 0;
  const onKey = () => client.record('keyboard');
  const onPointer = () => client.record('mouse');
  const onMove = () => {
    const now = Date.now();
    if (now - lastMove < MOVE_EVERY_MS) return;
    lastMove = now;
    client.record('mouse');
  };
  const onOnline = () => {
    void client.retryNow();
    void capture.retryNow();
  };
  const listen = { capture: true, passive: true } as const;
  window.addEventListener('keydown', onKey, listen);
  window.addEventListener('pointerdown', onPointer, listen);
  window.addEventListener('wheel', onPointer, listen);
  window.addEventListener('mousemove', onMove, listen);
  window.addEventListener('online', onOnline);
  // Messages missed while the socket was down: read the shift again once it is back.
  const offState = realtimeClient().onState((state) => {
    if (state === 'live') {
      void client.refresh().catch(() => {});
      void client.retryNow();
      void capture.retryNow();
    }
  });

  const idle = new AbortController();
  void client.start().catch(() => {});
  capture.start();
  return {
    client,
    capture,
    display,
    watchIdle: () => watchIdle((since) => client.setSystemIdle(since), idle.signal),
    dispose() {
      idle.abort();
      offState();
      offStandBy();
      window.clearInterval(poll);
      window.removeEventListener('keydown', onKey, listen);
      window.removeEventListener('pointerdown', onPointer, listen);
      window.removeEventListener('wheel', onPointer, listen);
      window.removeEventListener('mousemove', onMove, listen);
      window.removeEventListener('online', onOnline);
      capture.stop();
      offDisplay();
      display.stop();
      realtimeClient().setCapture(false);
      client.stop();
      store.close();
    },
  };
}

/**
 * `?timerInterval=<seconds>` pings faster (the browser test; a demo). Honoured in every build: the server
 * counts a ping for the time since the previous one (at most 60 s), so a shorter interval only sends more,
 * smaller pings. Clamped to 5–60 s.
 */
export function timerIntervalFrom(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('timerInterval');
  if (!raw) return undefined;
  const seconds = Math.round(Number(raw));
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(60, Math.max(5, seconds));
}
