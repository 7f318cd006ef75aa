import { backoffDelay, type TimerHandle, type TrackerClock } from './clock';
import { statusOf } from './transport';

/** `sending`: a call is out; `waiting`: backing off after a failure; `paused`: 401, waiting for a token. */
export type DrainState = 'idle' | 'sending' | 'waiting' | 'paused';

export interface RetryDrainOptions {
  clock: TrackerClock;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  onChange?: () => void;
}

/**
 * What the outbox replayer and the screenshot upload queue share: send what a store holds, oldest first,
 * one unit (a batch of pings, one capture) at a time. A network error, a 5xx or a 429 waits with
 * exponential backoff and jitter, then tries the same unit again (the server stores an id once, so a retry
 * after a lost answer is harmless); a status in `permanent` means "never taken": the unit is dropped
 * (`refused`) and the next one goes; a 401 pauses until `retryNow` (the host has a new token).
 */
export abstract class RetryDrain<Unit> {
  private state: DrainState = 'idle';
  private attempt = 0;
  private timer: TimerHandle | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  /** A kick while a unit was out: drain again after it. */
  private again = false;
  private readonly random: () => number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  lastError: string | null = null;

  protected constructor(
    private readonly policy: RetryDrainOptions,
    private readonly permanent: ReadonlySet<number>,
  ) {
    // Explicit fields: an `undefined` option keeps the default.
    this.random = policy.random ?? Math.random;
    this.baseDelayMs = policy.baseDelayMs ?? 2000;
    this.maxDelayMs = policy.maxDelayMs ?? 5 * 60_000;
  }

  /** The next unit to send, or null when the store is empty. */
  protected abstract next(): Promise<Unit | null>;
  /** Sends a unit and, once the server has it, removes it and calls `succeeded`. Throws on failure. */
  protected abstract send(unit: Unit): Promise<void>;
  /** The server will never take this unit: remove it and report it. */
  protected abstract refused(unit: Unit, status: number, message: string, error: unknown): Promise<void>;

  getState(): DrainState {
    return this.state;
  }

  /** Failures in a row since the last success (the backoff's exponent). */
  get attempts(): number {
    return this.attempt;
  }

  /**
   * Sends what waits, unless paused or backing off (the pending retry will). A kick while a unit is out
   * drains again after it (what was added meanwhile may have missed the drain's last read), and its promise
   * waits for that drain too.
   */
  kick(): Promise<void> {
    if (this.stopped || this.state === 'paused' || this.state === 'waiting') return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (!this.again) return;
      this.again = false;
      return this.kick();
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

  /** Stops sending; a pending retry is cancelled, so a `start` and a kick send again at once. */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
    if (this.state === 'waiting') this.setState('idle');
  }

  /** A unit went through: the backoff starts over. */
  protected succeeded(): void {
    this.attempt = 0;
    this.lastError = null;
  }

  protected changed(): void {
    this.policy.onChange?.();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const unit = await this.next();
      if (unit === null) {
        this.setState('idle');
        return;
      }
      this.setState('sending');
      try {
        await this.send(unit);
      } catch (error) {
        if (!(await this.failed(unit, error))) return;
      }
    }
  }

  /** Decides what a failure means; answers whether to go on with the next unit now. */
  private async failed(unit: Unit, error: unknown): Promise<boolean> {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    this.lastError = message;
    if (status === 401) {
      this.setState('paused');
      return false;
    }
    if (status !== undefined && this.permanent.has(status)) {
      await this.refused(unit, status, message, error);
      this.changed();
      return true;
    }
    const delay = backoffDelay(this.attempt, this.baseDelayMs, this.maxDelayMs, this.random);
    this.attempt++;
    this.setState('waiting');
    this.timer = this.policy.clock.setTimeout(() => {
      this.timer = null;
      this.setState('idle');
      void this.kick();
    }, delay);
    return false;
  }

  private clearTimer() {
    if (this.timer !== null) this.policy.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: DrainState) {
    if (this.state === state) return;
    this.state = state;
    this.changed();
  }
}
