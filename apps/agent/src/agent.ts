import { randomUUID } from 'node:crypto';
import { WS_PATH } from '@vahub/shared/realtime/messages';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import { CaptureController } from '@vahub/tracker-core/capture/controller';
import { fetchScreenshotTransport } from '@vahub/tracker-core/capture/fetch-upload';
import type { CapturedScreen, Capturer, ScreenshotTransport } from '@vahub/tracker-core/capture/types';
import type { TimerHandle, TrackerClock } from '@vahub/tracker-core/clock';
import { isTracking } from '@vahub/tracker-core/shift-state';
import { SocketConnection, type SocketLike } from '@vahub/tracker-core/socket';
import { TrackerClient } from '@vahub/tracker-core/tracker-client';
import { fetchTransport, statusOf, type TrackerTransport } from '@vahub/tracker-core/transport';
import { ActivityCounter, type InputSource } from './activity';
import { FileOutboxStore, FileUploadStore } from './file-outbox';
import { explainingFetch } from './http';
import { type Notifier, type ScreenshotNotice, screenshotNoticeOf } from './notify';
import { files } from './paths';
import type { TokenKeeper } from './session';
import { cachingCurrent } from './shift-cache';
import { type RunState, writeRunState } from './state';
import { FileTaskStore } from './task-store';
import { type ActiveWindow, WindowSampler } from './window';

export interface AgentOptions {
  home: string;
  server: string;
  keeper: TokenKeeper;
  clock: TrackerClock;
  fetch: typeof fetch;
  createSocket: (url: string) => SocketLike;
  log: (line: string) => void;
  /** System-wide input; null where none exists. */
  input: InputSource | null;
  /** Reads the active window; null where it cannot be read (with the reason). */
  windowProbe: (() => Promise<ActiveWindow | null>) | null;
  windowProblem?: string | null;
  /** Captures every screen; null where the agent cannot. */
  capture: (() => Promise<CapturedScreen[]>) | null;
  /** How often the shift is read again besides the socket's messages. */
  pollMs?: number;
  uuid?: () => string;
  /** Ping interval override (tests). */
  intervalSeconds?: number;
  /** The pid `state.json` names (tests: the process that stands in for the agent's). */
  pid?: number;
  /** Desktop notifications: recording starts and stops, screenshots (issue 32). */
  notifier?: Notifier;
}

export interface RunningAgent {
  client: TrackerClient;
  capture: CaptureController;
  state(): RunState;
  /** Flushes what can be sent within `graceMs`, stops everything, and closes the outbox. */
  stop(graceMs?: number): Promise<void>;
}

/** After a failed capture the agent says it cannot capture for this long, then tries again. */
const CAPTURE_RETRY_MS = 5 * 60_000;

/** Calls again once after a 401 with a refreshed token (the access token expired or was rotated). */
function withRefresh<T extends object>(target: T, keeper: TokenKeeper, tokens: { last: string | null }): T {
  const wrapped = {} as T;
  for (const key of Object.keys(target) as (keyof T)[]) {
    const fn = target[key] as unknown as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<keyof T, unknown>)[key] = async (...args: unknown[]) => {
      try {
        return await fn(...args);
      } catch (error) {
        if (statusOf(error) !== 401) throw error;
        await keeper.refresh(tokens.last ?? undefined);
        return fn(...args);
      }
    };
  }
  return wrapped;
}

/**
 * The agent's tracking loop (`run`): the core's tracker client and capture controller over the file outbox,
 * the socket and the server's API, fed with system-wide input counts and the active window. It follows the
 * server's shift (socket messages, a poll) and clocks nothing in by itself: it records only while the VA's
 * shift is ongoing, and stops at once on a forced logout.
 */
export async function startAgent(o: AgentOptions): Promise<RunningAgent> {
  const paths = files(o.home);
  const uuid = o.uuid ?? randomUUID;
  const tokens = { last: null as string | null };
  const getToken = async () => {
    tokens.last = await o.keeper.getToken();
    return tokens.last;
  };
  const outboxLog = (message: string) => o.log(message);
  const fetchFn = explainingFetch(o.fetch);
  const pings = new FileOutboxStore(paths.outbox, { log: outboxLog });
  const uploads = new FileUploadStore(paths.outbox, { log: outboxLog });
  await pings.open();

  const transport: TrackerTransport = cachingCurrent(
    withRefresh(fetchTransport({ baseUrl: o.server, getToken, fetch: fetchFn }), o.keeper, tokens),
    paths.shift,
    () => o.clock.now(),
    o.log,
  );
  const screenshots: ScreenshotTransport = withRefresh(
    fetchScreenshotTransport({ baseUrl: o.server, getToken, fetch: fetchFn }),
    o.keeper,
    tokens,
  );

  const tierOff = (): boolean => client.getSnapshot().current?.settings?.screenshot_privacy === 'off';
  let sampler: WindowSampler | null = null;
  const capturerListeners = new Set<() => void>();
  let captureFailedAt: number | null = null;
  let retryTimer: TimerHandle | null = null;
  const capturer: Capturer = {
    canCapture: () => {
      const tier = client.getSnapshot().current?.settings?.screenshot_privacy;
      const broken = captureFailedAt !== null && o.clock.now() - captureFailedAt < CAPTURE_RETRY_MS;
      return o.capture !== null && !broken && tier !== undefined && privacyAllowsImages(tier);
    },
    capture: async () => {
      if (!o.capture) throw new Error('This agent cannot capture the screen here');
      try {
        const screens = await o.capture();
        if (captureFailedAt !== null) {
          captureFailedAt = null;
          for (const listener of capturerListeners) listener();
        }
        return screens;
      } catch (error) {
        // The server hears `capture: false` at once (no request waits for a capturer that fails); the next
        // scheduled capture after a while tries again.
        captureFailedAt = o.clock.now();
        for (const listener of capturerListeners) listener();
        if (retryTimer !== null) o.clock.clearTimeout(retryTimer);
        retryTimer = o.clock.setTimeout(() => {
          retryTimer = null;
          for (const listener of capturerListeners) listener();
        }, CAPTURE_RETRY_MS);
        throw error;
      }
    },
    subscribe: (listener) => {
      capturerListeners.add(listener);
      return () => capturerListeners.delete(listener);
    },
  };

  const socket = new SocketConnection({
    url: `${o.server.replace(/^http/, 'ws')}${WS_PATH}`,
    getToken,
    createSocket: o.createSocket,
    clock: o.clock,
    client: { kind: 'desktop', capture: false },
    capturer,
  });

  const client: TrackerClient = new TrackerClient({
    transport,
    store: pings,
    clock: o.clock,
    uuid,
    source: 'desktop',
    events: socket,
    intervalSeconds: o.intervalSeconds,
    // The current task (`vahub-agent task`): named on every ping, kept in a file across runs.
    taskStore: new FileTaskStore(paths.task),
    context: {
      // No application or title under the `off` tier (the server would drop them anyway).
      activeWindow: () => (tierOff() ? undefined : (sampler?.take() ?? undefined)),
    },
    onDropped: (dropped) => o.log(`${dropped.length} ping(s) refused by the server: ${dropped[0]?.message}`),
    onForcedLogout: (attendance) =>
      o.log(`Forced logout: an admin or manager ended attendance ${attendance?.id}; recording stopped`),
  });

  let lastCaptureAt: number | null = null;
  let lastError: string | null = null;
  // The contract says how screenshots are announced: each one, or a count per hour (each where it says nothing);
  // none where the VA turned them off and the contract allows it.
  const screenshotNotice = (): ScreenshotNotice => screenshotNoticeOf(client.getSnapshot().current?.settings);
  const capture = new CaptureController({
    tracker: client,
    capturer,
    transport: screenshots,
    store: uploads,
    clock: o.clock,
    uuid,
    source: 'desktop',
    events: socket,
    onLog: (entry) => {
      if (entry.kind === 'captured') {
        lastCaptureAt = entry.at;
        const origin = entry.origin === 'on_demand' ? 'on demand' : 'scheduled';
        o.log(`screenshot taken (${origin}), ${entry.screens} screen${entry.screens === 1 ? '' : 's'}`);
        void o.notifier?.screenshotTaken(entry.screens, entry.origin === 'on_demand', screenshotNotice());
      } else if (entry.kind === 'skipped') o.log(`scheduled screenshot skipped (${entry.reason})`);
      else if (entry.kind === 'declined') o.log(`screenshot request declined (${entry.reason})`);
      else {
        lastError = `screenshot ${entry.kind}: ${entry.message}`;
        o.log(lastError);
      }
    },
  });

  // Activity: counts only, and only while the shift is tracked (the aggregator ignores input otherwise).
  const counter = new ActivityCounter(client, () => o.clock.now());
  let activityProblem: string | null = null;
  if (!o.input) activityProblem = 'no input source on this system';
  else {
    try {
      o.input.start(counter.onInput);
    } catch (error) {
      activityProblem = (error as Error).message;
    }
  }
  if (activityProblem) {
    o.log(`Keyboard and mouse cannot be counted (${activityProblem}): tracking time without activity`);
    // Without an input source nothing says the VA is idle: time counts as active, with zero counts.
    client.setSystemIdle(null);
  }
  const windowProblem = o.windowProbe ? null : (o.windowProblem ?? 'not supported on this system');
  if (windowProblem) o.log(`The active window cannot be read (${windowProblem})`);

  let recording = false;
  let tier: string | undefined;
  let writing: Promise<void> = Promise.resolve();
  let writeTimer: TimerHandle | null = null;
  const state = (): RunState => {
    const s = client.getSnapshot();
    return {
      pid: o.pid ?? process.pid,
      updated_at: new Date(o.clock.now()).toISOString(),
      shift: s.shift.status,
      attendance_id: s.shift.attendance?.id ?? null,
      worked_seconds: s.shift.attendance?.worked_seconds ?? null,
      task: s.task ?? null,
      recording,
      activity_problem: activityProblem,
      window_problem: windowProblem,
      can_capture: capturer.canCapture(),
      socket: socket.ready ? 'connected' : 'disconnected',
      last_sync_at: s.lastSyncAt ? new Date(s.lastSyncAt).toISOString() : null,
      last_capture_at: lastCaptureAt ? new Date(lastCaptureAt).toISOString() : null,
      last_error: s.lastError ?? lastError,
    };
  };
  const saveState = () => {
    if (writeTimer !== null) return;
    writeTimer = o.clock.setTimeout(() => {
      writeTimer = null;
      const snapshot = state();
      writing = writing.then(() => writeRunState(paths.state, snapshot)).catch(() => {});
    }, 200);
  };

  // Follows the shift: the window sampler runs while recording; the log says when recording starts and ends.
  let lastSync: number | null = null;
  client.subscribe(() => {
    const s = client.getSnapshot();
    // A replay went through while the socket waits out its backoff: the server is back, so connect now (a
    // forced logout must not wait up to 30 s after an outage).
    if (s.lastSyncAt !== lastSync) {
      lastSync = s.lastSyncAt;
      if (!socket.ready) socket.reconnectNow();
    }
    const now = isTracking(s.shift);
    if (now !== recording) {
      recording = now;
      if (now) {
        o.log(`On shift (attendance ${s.shift.attendance?.id}): recording activity and screenshots`);
        void o.notifier?.recordingStarted(s.current?.contract?.title ?? 'your shift');
        if (o.windowProbe && !sampler) {
          sampler = new WindowSampler({ probe: o.windowProbe, clock: o.clock, onError: o.log });
          sampler.start();
        }
      } else {
        if (s.shift.status !== 'forced_out') o.log('Not on shift: recording stopped');
        void o.notifier?.recordingStopped();
        sampler?.stop();
        sampler = null;
      }
    }
    const nextTier = s.current?.settings?.screenshot_privacy;
    if (nextTier !== tier) {
      tier = nextTier;
      for (const listener of capturerListeners) listener();
    }
    saveState();
  });
  capture.subscribe(saveState);

  // Messages missed while the socket was down: read the shift again once it is back.
  socket.subscribe((message) => {
    if (message.type === 'ready') {
      void refresh();
      saveState();
    }
  });

  let failing = false;
  const refresh = async () => {
    try {
      await client.refresh();
      if (failing) {
        failing = false;
        lastError = null;
        o.log('Server reachable again: sending the outbox');
        socket.reconnectNow();
        void client.retryNow();
        void capture.retryNow();
      }
    } catch (error) {
      lastError = (error as Error).message;
      if (!failing) o.log(`Cannot read the shift: ${lastError}`);
      failing = true;
      saveState();
    }
  };

  let pollTimer: TimerHandle | null = null;
  const poll = () => {
    pollTimer = o.clock.setTimeout(async () => {
      await refresh();
      if (pollTimer !== null) poll();
    }, o.pollMs ?? 30_000);
  };

  socket.start();
  await client.start().catch((error: unknown) => {
    failing = true;
    lastError = (error as Error).message;
    o.log(`Cannot read the shift yet (${lastError}): retrying`);
  });
  capture.start();
  poll();
  saveState();

  return {
    client,
    capture,
    state,
    async stop(graceMs = 5000) {
      if (pollTimer !== null) o.clock.clearTimeout(pollTimer);
      pollTimer = null;
      o.input?.stop();
      sampler?.stop();
      // What is stored goes up if the server answers within the grace; the rest waits in the outbox.
      await Promise.race([
        Promise.all([client.flush(), capture.flush()]),
        new Promise((resolve) => setTimeout(resolve, graceMs)),
      ]);
      client.stop();
      capture.stop();
      socket.stop();
      if (writeTimer !== null) o.clock.clearTimeout(writeTimer);
      if (retryTimer !== null) o.clock.clearTimeout(retryTimer);
      recording = false;
      await writing;
      await writeRunState(paths.state, state()).catch(() => {});
      await pings.close();
      await uploads.close();
    },
  };
}
