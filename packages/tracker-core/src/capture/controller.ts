import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import type { ServerMessage } from '@vahub/shared/realtime/messages';
import { privacyAllowsImages } from '@vahub/shared/screenshots/privacy';
import type { TimerHandle, TrackerClock } from '../clock';
import { CORE_LIMITS } from '../limits';
import { isTracking } from '../shift-state';
import type { TrackerEvents } from '../socket';
import { isRecording, type TrackerSnapshot } from '../tracker-client';
import { momentIn, type Slot, slotAt } from './slots';
import type {
  CaptureOrigin,
  Capturer,
  DeclineReason,
  ScreenshotTransport,
  UploadItem,
  UploadStore,
} from './types';
import { type RefusedUpload, UploadQueue, type UploadState } from './upload-queue';

/** What happened, newest first in the snapshot's log (the VA sees every capture). */
export type CaptureLogEntry =
  | { at: number; kind: 'captured'; origin: CaptureOrigin; screens: number }
  | { at: number; kind: 'skipped'; reason: 'idle' | 'cannot_capture' }
  | { at: number; kind: 'declined'; reason: DeclineReason }
  | { at: number; kind: 'failed'; origin: CaptureOrigin; message: string }
  | { at: number; kind: 'refused'; status: number; message: string };

export interface CaptureSnapshot {
  /** The capturer can take a picture now (the VA shares a screen). */
  canCapture: boolean;
  /** Scheduled captures run: on shift, a tier that allows images, a rate above 0. */
  scheduled: boolean;
  /** The moment of the latest capture. */
  lastCaptureAt: number | null;
  lastUploadAt: number | null;
  /** Screens waiting to be uploaded. */
  pending: number;
  upload: UploadState;
  log: CaptureLogEntry[];
}

/** What the controller reads of the tracker (a `TrackerClient`). */
export interface CaptureTracker {
  getSnapshot(): TrackerSnapshot;
  subscribe(listener: () => void): () => void;
  /** Seconds without input now. */
  idleSeconds(): number;
}

export interface CaptureControllerOptions {
  tracker: CaptureTracker;
  capturer: Capturer | null;
  transport: ScreenshotTransport;
  store: UploadStore;
  clock: TrackerClock;
  uuid: () => string;
  source: PingInput['source'];
  /** `screenshot.request` arrives here; without it there are scheduled captures only. */
  events?: TrackerEvents;
  random?: () => number;
  uploadBaseDelayMs?: number;
  uploadMaxDelayMs?: number;
  /** Every log entry as it happens (the host's own log). */
  onLog?: (entry: CaptureLogEntry) => void;
}

interface Plan {
  key: string;
  timer: TimerHandle;
}

const LOG_SIZE = 20;
/** Request ids remembered, so a request delivered twice is answered once. */
const SEEN_SIZE = 50;

/**
 * Screenshots of a tracker: one capture at a random moment of each slot of `60 / screenshots_per_hour`
 * minutes while the shift is tracked and its tier allows images (not while idle, not while the capturer
 * cannot), a capture at once for each `screenshot.request` (or a decline the requester hears at once), and
 * the upload queue behind both.
 */
export class CaptureController {
  private snapshot: CaptureSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly queue: UploadQueue;
  private readonly random: () => number;
  private plan: Plan | null = null;
  /** The start of the latest slot whose capture was attempted: never two in one slot. */
  private doneSlot = Number.NEGATIVE_INFINITY;
  private readonly seen: string[] = [];
  /** When the capturer last stopped being able to capture (the server may not have heard yet). */
  private lostAt: number | null = null;
  private offs: Array<() => void> = [];
  private stopped = true;

  constructor(private readonly o: CaptureControllerOptions) {
    this.random = o.random ?? Math.random;
    this.snapshot = {
      canCapture: o.capturer?.canCapture() ?? false,
      scheduled: false,
      lastCaptureAt: null,
      lastUploadAt: null,
      pending: 0,
      upload: 'idle',
      log: [],
    };
    this.queue = new UploadQueue({
      store: o.store,
      transport: o.transport,
      clock: o.clock,
      random: o.random,
      baseDelayMs: o.uploadBaseDelayMs,
      maxDelayMs: o.uploadMaxDelayMs,
      onRefused: (refused) => this.refused(refused),
      onChange: () => void this.syncQueue(),
    });
  }

  getSnapshot = (): CaptureSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Follows the tracker's shift, listens for requests, and uploads what the store still holds. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.queue.start();
    this.offs = [this.o.tracker.subscribe(() => this.sync())];
    const off = this.o.events?.subscribe((message) => this.onMessage(message));
    if (off) this.offs.push(off);
    const capturer = this.o.capturer;
    const offCapturer = capturer?.subscribe?.(() => this.capturerChanged());
    if (offCapturer) this.offs.push(offCapturer);
    this.patch({ canCapture: capturer?.canCapture() ?? false });
    this.sync();
    void this.syncQueue().then(() => this.queue.kick());
  }

  stop(): void {
    this.stopped = true;
    for (const off of this.offs.splice(0)) off();
    this.cancelPlan();
    this.queue.stop();
    this.patch({ scheduled: false });
  }

  /** The network is back or the host has a new token: upload now. */
  retryNow(): Promise<void> {
    return this.queue.retryNow();
  }

  /** Waits until the queue is empty or waits for a retry (tests, shutdown). */
  flush(): Promise<void> {
    return this.queue.kick();
  }

  private capturerChanged() {
    const able = this.o.capturer?.canCapture() ?? false;
    if (this.snapshot.canCapture && !able) this.lostAt = this.o.clock.now();
    this.patch({ canCapture: able });
  }

  /**
   * Whether the server may be counting on this tracker for a request: it can capture, or could until moments
   * ago (its `capture: false` may have crossed the request). The server sends a request only when some
   * tracker of the VA said it can capture, so any other tracker leaves it to that one: a decline from it
   * would fail a request the capturing tracker is answering.
   */
  private counted(): boolean {
    if (this.o.capturer?.canCapture()) return true;
    const window = CORE_LIMITS.requestTimeoutSeconds * 1000;
    return this.lostAt !== null && this.o.clock.now() - this.lostAt <= window;
  }

  /** Plans the scheduled captures for the tracked shift, or stops them. */
  private sync() {
    const s = this.o.tracker.getSnapshot();
    const settings = s.current?.settings;
    const attendance = isRecording(s) ? s.shift.attendance : null;
    const perHour = settings?.screenshots_per_hour ?? 0;
    const on =
      !this.stopped &&
      attendance !== null &&
      settings != null &&
      privacyAllowsImages(settings.screenshot_privacy) &&
      perHour > 0;
    const key = on ? `${attendance.id}:${perHour}` : null;
    if (key === (this.plan?.key ?? null)) return;
    this.cancelPlan();
    if (key) this.arm(key, perHour, this.o.clock.now());
    this.patch({ scheduled: key !== null });
  }

  private arm(key: string, perHour: number, from: number) {
    let slot = slotAt(from, perHour);
    if (slot.start <= this.doneSlot) slot = slotAt(slot.end, perHour);
    const at = momentIn(slot, from, this.random);
    const plan: Plan = {
      key,
      timer: this.o.clock.setTimeout(
        () => void this.fire(plan, perHour, slot),
        Math.max(0, at - this.o.clock.now()),
      ),
    };
    this.plan = plan;
  }

  private async fire(plan: Plan, perHour: number, slot: Slot) {
    const now = this.o.clock.now();
    // A timer that fires after its slot (the machine slept) missed it: plan from now instead.
    if (now < slot.end) {
      this.doneSlot = slot.start;
      await this.scheduled();
    }
    if (this.plan === plan) this.arm(plan.key, perHour, Math.max(this.o.clock.now(), slot.end));
  }

  private cancelPlan() {
    if (this.plan) this.o.clock.clearTimeout(this.plan.timer);
    this.plan = null;
  }

  private async scheduled() {
    const s = this.o.tracker.getSnapshot();
    const attendance = s.shift.attendance;
    if (!attendance || !isRecording(s)) return;
    const timeout = s.current?.settings?.idle_timeout_minutes ?? 0;
    const idle = s.shift.status === 'idle' || (timeout > 0 && this.o.tracker.idleSeconds() >= timeout * 60);
    if (idle) return this.log({ kind: 'skipped', reason: 'idle' });
    const capturer = this.o.capturer;
    if (!capturer?.canCapture()) return this.log({ kind: 'skipped', reason: 'cannot_capture' });
    try {
      await this.take(capturer, 'scheduled', attendance.id);
    } catch (error) {
      this.log({ kind: 'failed', origin: 'scheduled', message: messageOf(error) });
    }
  }

  private onMessage(message: ServerMessage) {
    if (this.stopped || message.type !== 'screenshot.request') return;
    const { request_id: requestId, attendance_id: attendanceId } = message.data;
    if (this.seen.includes(requestId)) return;
    this.seen.push(requestId);
    if (this.seen.length > SEEN_SIZE) this.seen.shift();
    void this.answer(requestId, attendanceId);
  }

  /**
   * Captures for a request at once, whatever the schedule and idle say; else, when the server may be
   * counting on this tracker, declines it at once so the requester does not wait for the timeout.
   */
  private async answer(requestId: string, attendanceId: number) {
    if (!this.counted()) return;
    const s = this.o.tracker.getSnapshot();
    // The tracker that records the shift answers (this host tells the server it cannot capture meanwhile).
    if (s.standingBy) return;
    const tracked = isTracking(s.shift) ? s.shift.attendance : null;
    const tier = s.current?.settings?.screenshot_privacy;
    let reason: DeclineReason;
    /** Completes "The tracker could not capture: …"; without it the server says it for the reason. */
    let detail: string | undefined;
    const capturer = this.o.capturer;
    if (!tracked || tracked.id !== attendanceId) {
      reason = 'not_tracking';
      detail = 'it is not tracking that shift';
    } else if (!tier || !privacyAllowsImages(tier)) {
      reason = 'cannot_capture';
      detail = "the contract's privacy tier allows no images";
    } else if (!capturer?.canCapture()) {
      reason = 'cannot_capture';
    } else {
      try {
        await this.take(capturer, 'on_demand', tracked.id, requestId);
        return;
      } catch (error) {
        this.log({ kind: 'failed', origin: 'on_demand', message: messageOf(error) });
        reason = 'error';
        detail = messageOf(error).slice(0, 300);
      }
    }
    this.log({ kind: 'declined', reason });
    // Best effort: without the decline the requester is told when the request times out.
    await this.o.transport.decline(requestId, { reason, detail }).catch(() => {});
  }

  private async take(capturer: Capturer, origin: CaptureOrigin, attendanceId: number, requestId?: string) {
    const at = this.o.clock.now();
    const takenAt = new Date(at).toISOString();
    const screens = await capturer.capture();
    if (screens.length === 0) throw new Error('The capture gave no image');
    const items: UploadItem[] = screens.map((screen) => ({
      id: this.o.uuid(),
      attendanceId,
      takenAt,
      ...(requestId ? { requestId } : {}),
      screen: screen.screen,
      source: this.o.source,
      origin,
      bytes: screen.bytes,
      type: screen.type,
    }));
    this.patch({ lastCaptureAt: at });
    this.log({ kind: 'captured', origin, screens: items.length });
    await this.queue.add(items);
  }

  private refused({ status, message }: RefusedUpload) {
    this.log({ kind: 'refused', status, message });
  }

  private log(entry: DistributiveOmit<CaptureLogEntry, 'at'>) {
    const full = { ...entry, at: this.o.clock.now() } as CaptureLogEntry;
    this.patch({ log: [full, ...this.snapshot.log].slice(0, LOG_SIZE) });
    this.o.onLog?.(full);
  }

  private async syncQueue() {
    const pending = await this.o.store.size();
    this.patch({ pending, upload: this.queue.getState(), lastUploadAt: this.queue.lastUploadedAt });
  }

  private patch(changes: Partial<CaptureSnapshot>) {
    const next = { ...this.snapshot, ...changes };
    const keys = Object.keys(changes) as (keyof CaptureSnapshot)[];
    if (keys.every((key) => next[key] === this.snapshot[key])) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
