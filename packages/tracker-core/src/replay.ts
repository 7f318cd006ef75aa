import type { PingResult } from '@vahub/shared/attendance/tracker-protocol';
import { backoffDelay, type TimerHandle, type TrackerClock } from './clock';
import { CORE_LIMITS } from './limits';
import type { OutboxItem, OutboxStore } from './outbox';
import { statusOf, type TrackerTransport } from './transport';

/** `sending`: a batch is out; `waiting`: backing off after a failure; `paused`: 401, waiting for a token. */
export type ReplayState = 'idle' | 'sending' | 'waiting' | 'paused';

/** An item the server will never take (refused by item, or its whole batch refused): dropped, reported. */
export interface DroppedPing {
  item: OutboxItem;
  status: number;
  message: string;
  code?: string;
}

export interface ReplayerOptions {
  store: OutboxStore;
  transport: Pick<TrackerTransport, 'sendPings'>;
  clock: TrackerClock;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  batchSize?: number;
  onDropped?: (dropped: DroppedPing[]) => void;
  /** Every batch the server acknowledged (the answer carries the attendance's fresh figures). */
  onDelivered?: (result: PingResult, items: OutboxItem[]) => void;
  onChange?: () => void;
}

/** Statuses that say "this batch will never be taken": retrying cannot help, so its items go. */
const PERMANENT = new Set([400, 403, 404, 409, 413, 422]);

/**
 * Sends the outbox to the server in order, one batch (≤ 500 pings of one attendance) at a time. A failure
 * (offline, 5xx, 429) waits with exponential backoff and jitter, then tries the same batch again; success
 * resets the backoff. The server counts a ping id once, so a batch resent after a lost answer is harmless:
 * its `duplicates` are delivered too. A 401 pauses until the host has a new token (`resume`).
 */
export class OutboxReplayer {
  private readonly o: Required<Omit<ReplayerOptions, 'onDropped' | 'onDelivered' | 'onChange'>> &
    Pick<ReplayerOptions, 'onDropped' | 'onDelivered' | 'onChange'>;
  private state: ReplayState = 'idle';
  private attempt = 0;
  private timer: TimerHandle | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  /** A kick while a batch was out: drain again after it. */
  private again = false;
  lastDeliveredAt: number | null = null;
  lastError: string | null = null;

  constructor(options: ReplayerOptions) {
    // Explicit fields: an `undefined` option keeps the default.
    this.o = {
      ...options,
      random: options.random ?? Math.random,
      baseDelayMs: options.baseDelayMs ?? 2000,
      maxDelayMs: options.maxDelayMs ?? 5 * 60_000,
      batchSize: options.batchSize ?? CORE_LIMITS.maxPingsPerCall,
    };
  }

  getState(): ReplayState {
    return this.state;
  }

  /** Failures in a row since the last delivery (the backoff's exponent). */
  get attempts(): number {
    return this.attempt;
  }

  /** New pings arrived: drain unless paused or backing off (the pending retry will take them). */
  kick(): Promise<void> {
    if (this.stopped || this.state === 'paused' || this.state === 'waiting') return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearTimer();
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped && this.state === 'idle') {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  /** The network came back, or the host has a new token after a 401: try now, skipping a backoff wait. */
  retryNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.state === 'waiting' || this.state === 'paused') {
      this.clearTimer();
      this.setState('idle');
    }
    return this.kick();
  }

  /** Allows draining again after `stop` (a tab that regained the timer). */
  start(): void {
    this.stopped = false;
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private async drain(): Promise<void> {
    this.again = false;
    for (;;) {
      if (this.stopped) return;
      const batch = firstRun(await this.o.store.peek(this.o.batchSize));
      if (batch.length === 0) {
        this.setState('idle');
        return;
      }
      this.setState('sending');
      const attendanceId = batch[0].attendanceId;
      try {
        const result = await this.o.transport.sendPings(
          attendanceId,
          batch.map((item) => item.ping),
        );
        await this.delivered(batch, result);
      } catch (error) {
        if (!(await this.failed(batch, error))) return;
      }
    }
  }

  private async delivered(batch: OutboxItem[], result: PingResult) {
    const refused = new Map(result.rejected.map((r) => [r.id, r]));
    // Accepted and duplicates both mean "the server has it"; refused items will never be taken.
    await this.o.store.remove(batch.map((item) => item.id));
    const dropped = batch
      .filter((item) => refused.has(item.id))
      .map((item) => {
        const r = refused.get(item.id);
        return { item, status: r?.status ?? 422, message: r?.message ?? '', code: r?.code };
      });
    if (dropped.length) this.o.onDropped?.(dropped);
    this.attempt = 0;
    this.lastError = null;
    this.lastDeliveredAt = this.o.clock.now();
    this.o.onDelivered?.(result, batch);
    this.o.onChange?.();
  }

  /** Decides what a failure means; answers whether to go on draining now. */
  private async failed(batch: OutboxItem[], error: unknown): Promise<boolean> {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    this.lastError = message;
    if (status === 401) {
      this.setState('paused');
      return false;
    }
    if (status !== undefined && PERMANENT.has(status)) {
      await this.o.store.remove(batch.map((item) => item.id));
      const code = (error as { code?: unknown }).code;
      this.o.onDropped?.(
        batch.map((item) => ({ item, status, message, code: typeof code === 'string' ? code : undefined })),
      );
      this.o.onChange?.();
      return true;
    }
    const delay = backoffDelay(this.attempt, this.o.baseDelayMs, this.o.maxDelayMs, this.o.random);
    this.attempt++;
    this.setState('waiting');
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = null;
      this.setState('idle');
      void this.kick();
    }, delay);
    return false;
  }

  private clearTimer() {
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: ReplayState) {
    if (this.state === state) return;
    this.state = state;
    this.o.onChange?.();
  }
}

/** The leading items of one attendance: a call carries pings of one attendance only. */
function firstRun(items: OutboxItem[]): OutboxItem[] {
  const first = items[0];
  if (!first) return [];
  const end = items.findIndex((item) => item.attendanceId !== first.attendanceId);
  return end === -1 ? items : items.slice(0, end);
}
