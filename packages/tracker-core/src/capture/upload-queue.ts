import type { TrackerClock } from '../clock';
import { type DrainState, RetryDrain } from '../retry-drain';
import type { ScreenshotTransport, UploadItem, UploadStore } from './types';

/** `sending`: an upload is out; `waiting`: backing off after a failure; `paused`: 401, waiting for a token. */
export type UploadState = DrainState;

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
 * Uploads captures one at a time, oldest first, with the outbox's retry policy (`RetryDrain`): a network
 * error, a 5xx or a 429 backs off and tries the same item again; a refusal (422…) drops the item and
 * reports it; a 401 pauses until `retryNow`.
 */
export class UploadQueue extends RetryDrain<UploadItem> {
  lastUploadedAt: number | null = null;

  constructor(private readonly o: UploadQueueOptions) {
    super(o, PERMANENT);
  }

  async add(items: UploadItem[]): Promise<void> {
    await this.o.store.append(items);
    this.o.onChange?.();
    void this.kick();
  }

  protected async next(): Promise<UploadItem | null> {
    const [item] = await this.o.store.peek(1);
    return item ?? null;
  }

  protected async send(item: UploadItem): Promise<void> {
    await this.o.transport.upload(item);
    await this.o.store.remove([item.id]);
    this.succeeded();
    this.lastUploadedAt = this.o.clock.now();
    this.o.onUploaded?.(item);
    this.o.onChange?.();
  }

  protected async refused(item: UploadItem, status: number, message: string): Promise<void> {
    await this.o.store.remove([item.id]);
    this.o.onRefused?.({ item, status, message });
  }
}
