import { backoffDelay, type TimerHandle, type TrackerClock } from '../clock';
import { statusOf } from '../transport';
import type { ScreenshotTransport, UploadItem, UploadStore } from './types';

/** `sending`: an upload is out; `waiting`: backing off after a failure; `paused`: 401, waiting for a token. */
export type UploadState = 'idle' | 'sending' | 'waiting' | 'paused';

/** An upload the server will never take (422: outside the shift, a tier that forbids images…). */
export interface RefusedUpload {
  item: UploadItem;
  status: number;
  message: string;
}

export interface UploadQueueOptions {
  store: UploadStore;
  transport: Pick<ScreenshotTransport, 'upload'>;
  clock: TrackerClock;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  onUploaded?: (item: UploadItem) => void;
  onRefused?: (refused: RefusedUpload) => void;
  onChange?: () => void;
}

/** Statuses that say "this upload will never be taken": retrying cannot help, so it goes. */
const PERMANENT = new Set([400, 403, 404, 409, 413, 415, 422]);

/**
 * Uploads captures one at a time, oldest first. A network error, a 5xx or a 429 waits with exponential
 * backoff and jitter and tries the same item again (the server stores an id once, so a retry after a lost
 * answer is harmless); a refusal (422…) drops the item and reports it; a 401 pauses until `retryNow`.
 */
export class UploadQueue {
  private state: UploadState = 'idle';
  private attempt = 0;
  private timer: TimerHandle | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private again = false;
  lastUploadedAt: number | null = null;
  lastError: string | null = null;

  constructor(private readonly o: UploadQueueOptions) {}

  getState(): UploadState {
    return this.state;
  }

  async add(items: UploadItem[]): Promise<void> {
    await this.o.store.append(items);
    this.o.onChange?.();
    void this.kick();
  }

  /** Sends what waits, unless paused or backing off (the pending retry will). */
  kick(): Promise<void> {
    if (this.stopped || this.state === 'paused' || this.state === 'waiting') return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again && !this.stopped && this.state === 'idle') void this.kick();
    });
    return this.running;
  }

  /** The network is back or the host has a new token: try now, skipping a backoff wait. */
  retryNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.state === 'waiting' || this.state === 'paused') {
      this.clearTimer();
      this.setState('idle');
    }
    return this.kick();
  }

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
      const [item] = await this.o.store.peek(1);
      if (!item) {
        this.setState('idle');
        return;
      }
      this.setState('sending');
      try {
        await this.o.transport.upload(item);
        await this.o.store.remove([item.id]);
        this.attempt = 0;
        this.lastError = null;
        this.lastUploadedAt = this.o.clock.now();
        this.o.onUploaded?.(item);
        this.o.onChange?.();
      } catch (error) {
        if (!(await this.failed(item, error))) return;
      }
    }
  }

  /** Decides what a failure means; answers whether to go on with the next item now. */
  private async failed(item: UploadItem, error: unknown): Promise<boolean> {
    const status = statusOf(error);
    const message = error instanceof Error ? error.message : String(error);
    this.lastError = message;
    if (status === 401) {
      this.setState('paused');
      return false;
    }
    if (status !== undefined && PERMANENT.has(status)) {
      await this.o.store.remove([item.id]);
      this.o.onRefused?.({ item, status, message });
      this.o.onChange?.();
      return true;
    }
    const delay = backoffDelay(
      this.attempt++,
      this.o.baseDelayMs ?? 2000,
      this.o.maxDelayMs ?? 5 * 60_000,
      this.o.random ?? Math.random,
    );
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

  private setState(state: UploadState) {
    if (this.state === state) return;
    this.state = state;
    this.o.onChange?.();
  }
}
