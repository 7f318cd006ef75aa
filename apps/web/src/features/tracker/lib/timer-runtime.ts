import type { CaptureSnapshot } from '@vahub/tracker-core/capture/controller';
import type { CurrentTask } from '@vahub/tracker-core/current-task';
import { isTracking } from '@vahub/tracker-core/shift-state';
import type { TrackerSnapshot } from '@vahub/tracker-core/tracker-client';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { loadSession } from '../../../lib/session';
import { realtimeClient } from '../../../lib/use-realtime';
import type { ShareStatus } from './display-capturer';
import { formatElapsed, shiftSeconds } from './format';
import { type IdleSupport, idleSupport, requestIdlePermission } from './idle-detection';
import { electLeader, type TabRole, TimerChannel } from './leader';
import { createWebTimer, type WebTimer } from './web-timer';

export interface RuntimeState {
  role: TabRole;
  snapshot: TrackerSnapshot | null;
  idle: IdleSupport;
  /** This tab's screenshots (the leader only: the other tabs neither share nor capture). */
  capture: CaptureSnapshot | null;
  share: ShareStatus;
}

export const NO_SHARE: ShareStatus = { state: 'off', surface: null };

const TITLE_PREFIX = /^⏱ [\d:]+ · /;

/**
 * The web timer of this tab, outliving the page that started it: once the VA home has opened, the tab keeps
 * its place in the election (and, as leader, keeps tracking) while the VA browses other pages of the
 * dashboard. It ends when the VA signs out (the dashboard's socket stops without a session).
 */
export class TimerRuntime {
  private state: RuntimeState = {
    role: 'starting',
    snapshot: null,
    idle: 'unsupported',
    capture: null,
    share: NO_SHARE,
  };
  private readonly listeners = new Set<() => void>();
  private web: WebTimer | null = null;
  private readonly channel: TimerChannel;
  private readonly stopElection: () => void;
  private readonly offSocket: () => void;
  private titleTimer: number | undefined;
  disposed = false;

  constructor(
    readonly userId: number,
    readonly intervalSeconds: number | undefined,
  ) {
    this.channel = new TimerChannel(`vahub-timer-${userId}`, (message) => {
      if (this.state.role === 'leader' && message.type === 'hello' && this.web)
        this.channel.post({ type: 'snapshot', snapshot: this.web.client.getSnapshot() });
      if (this.state.role === 'follower' && message.type === 'snapshot') this.setSnapshot(message.snapshot);
      if (this.state.role === 'leader' && message.type === 'set-task') this.web?.client.setTask(message.task);
    });
    this.stopElection = electLeader({
      name: `vahub-timer-${userId}`,
      locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
      onRole: (role) => this.becomes(role),
    });
    this.offSocket = realtimeClient().onState((state) => {
      if (state === 'stopped' && !loadSession()) this.dispose();
    });
  }

  getState = (): RuntimeState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async clockIn(): Promise<void> {
    await this.web?.client.clockIn();
  }

  async clockOut(): Promise<void> {
    await this.web?.client.clockOut();
  }

  /** Switches the task the pings name: here in the leading tab, else in the leader through the channel. */
  setTask(task: CurrentTask | null): void {
    if (this.state.role === 'leader') this.web?.client.setTask(task);
    else if (this.state.role === 'follower') this.channel.post({ type: 'set-task', task });
  }

  /** Opens the browser's screen picker (the leader only). */
  async startShare(): Promise<void> {
    await this.web?.display.start();
  }

  stopShare(): void {
    this.web?.display.stop();
  }

  async grantIdle(): Promise<void> {
    const idle = await requestIdlePermission();
    this.patch({ idle });
    if (idle === 'granted') await this.web?.watchIdle();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopElection();
    this.offSocket();
    this.web?.dispose();
    this.web = null;
    this.channel.close();
    this.setTitle(null);
    if (runtime === this) runtime = null;
  }

  private becomes(role: TabRole) {
    if (this.disposed) return;
    this.patch({ role });
    if (role === 'follower') {
      this.channel.post({ type: 'hello' });
      return;
    }
    if (role !== 'leader' || this.web) return;
    const t = i18n.t.bind(i18n);
    const web = createWebTimer({
      userId: this.userId,
      intervalSeconds: this.intervalSeconds,
      onForcedLogout: () => notify('warning', t('tracker:forcedOut'), t('tracker:forcedOutTitle')),
      onDropped: (dropped) =>
        notify(
          'warning',
          t('tracker:dropped', { count: dropped.length, message: dropped[0]?.message ?? '' }),
        ),
      // The VA sees every capture a supervisor asks for as it happens.
      onCaptureLog: (entry) => {
        if (entry.kind === 'captured' && entry.origin === 'on_demand')
          notify('info', t('tracker:capture.requestedNote'));
      },
    });
    this.web = web;
    web.client.subscribe(() => {
      const snapshot = web.client.getSnapshot();
      this.setSnapshot(snapshot);
      this.channel.post({ type: 'snapshot', snapshot });
    });
    this.setSnapshot(web.client.getSnapshot());
    const syncCapture = () =>
      this.patch({ capture: web.capture.getSnapshot(), share: web.display.getStatus() });
    web.capture.subscribe(syncCapture);
    web.display.subscribe(syncCapture);
    syncCapture();
    void idleSupport().then((idle) => {
      this.patch({ idle });
      if (idle === 'granted') void web.watchIdle();
    });
  }

  private setSnapshot(snapshot: TrackerSnapshot) {
    this.patch({ snapshot });
    const tracking = isTracking(snapshot.shift);
    window.clearInterval(this.titleTimer);
    this.titleTimer = undefined;
    if (!tracking) {
      this.setTitle(null);
      return;
    }
    // The running clock in the tab's title, on every page of the dashboard.
    const tick = () => this.setTitle(formatElapsed(shiftSeconds(snapshot.shift.attendance, Date.now())));
    tick();
    this.titleTimer = window.setInterval(tick, 1000);
  }

  private setTitle(clock: string | null) {
    if (clock === null) window.clearInterval(this.titleTimer);
    const base = document.title.replace(TITLE_PREFIX, '');
    document.title = clock === null ? base : `⏱ ${clock} · ${base}`;
  }

  private patch(changes: Partial<RuntimeState>) {
    this.state = { ...this.state, ...changes };
    for (const listener of this.listeners) listener();
  }
}

let runtime: TimerRuntime | null = null;

/** This tab's timer for the signed-in VA (made on first use; a different user gets a fresh one). */
export function timerRuntime(userId: number, intervalSeconds?: number): TimerRuntime {
  if (runtime && (runtime.userId !== userId || runtime.intervalSeconds !== intervalSeconds))
    runtime.dispose();
  runtime ??= new TimerRuntime(userId, intervalSeconds);
  return runtime;
}
