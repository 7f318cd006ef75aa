import type { PingResult } from '@vahub/shared/attendance/tracker-protocol';
import type { TrackerClock } from './clock';
import { CORE_LIMITS } from './limits';
import type { OutboxItem, OutboxStore } from './outbox';
import { type DrainState, RetryDrain } from './retry-drain';
import type { TrackerTransport } from './transport';

/** `sending`: a batch is out; `waiting`: backing off after a failure; `paused`: 401, waiting for a token. */
export type ReplayState = DrainState;

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
 * Sends the outbox to the server in order, one batch (≤ 500 pings of one attendance) at a time, with the
 * shared retry policy (`RetryDrain`): a failure (offline, 5xx, 429) waits with exponential backoff and
 * jitter, then tries the same batch again; success resets the backoff. The server counts a ping id once, so
 * a batch resent after a lost answer is harmless: its `duplicates` are delivered too. A 401 pauses until
 * the host has a new token (`retryNow`).
 */
export class OutboxReplayer extends RetryDrain<OutboxItem[]> {
  private readonly batchSize: number;
  lastDeliveredAt: number | null = null;

  constructor(private readonly o: ReplayerOptions) {
    super(o, PERMANENT);
    this.batchSize = o.batchSize ?? CORE_LIMITS.maxPingsPerCall;
  }

  protected async next(): Promise<OutboxItem[] | null> {
    const batch = firstRun(await this.o.store.peek(this.batchSize));
    return batch.length === 0 ? null : batch;
  }

  protected async send(batch: OutboxItem[]): Promise<void> {
    const result = await this.o.transport.sendPings(
      batch[0].attendanceId,
      batch.map((item) => item.ping),
    );
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
    this.succeeded();
    this.lastDeliveredAt = this.o.clock.now();
    this.o.onDelivered?.(result, batch);
    this.o.onChange?.();
  }

  protected async refused(batch: OutboxItem[], status: number, message: string, error: unknown) {
    await this.o.store.remove(batch.map((item) => item.id));
    const code = (error as { code?: unknown }).code;
    this.o.onDropped?.(
      batch.map((item) => ({ item, status, message, code: typeof code === 'string' ? code : undefined })),
    );
  }
}

/** The leading items of one attendance: a call carries pings of one attendance only. */
function firstRun(items: OutboxItem[]): OutboxItem[] {
  // An empty list: `findIndex` finds nothing and the empty list is its own first run.
  const first = items[0];
  const end = items.findIndex((item) => item.attendanceId !== first.attendanceId);
  return end === -1 ? items : items.slice(0, end);
}
