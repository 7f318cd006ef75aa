import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';

/** One ping waiting to reach the server, with the attendance it belongs to. */
export interface OutboxItem {
  /** The ping's client UUID: the store's key and the server's idempotency key. */
  id: string;
  attendanceId: number;
  ping: PingInput;
}

/**
 * Where pings wait until the server acknowledges them: durable on a real tracker (IndexedDB in the browser,
 * a file for the agent), so a reload, a crash or an offline hour loses nothing. Items come out in the order
 * they went in.
 */
export interface OutboxStore {
  append(items: OutboxItem[]): Promise<void>;
  /** The oldest items, at most `limit`. */
  peek(limit: number): Promise<OutboxItem[]>;
  /** Forgets acknowledged (or refused) items; unknown ids are ignored. */
  remove(ids: string[]): Promise<void>;
  size(): Promise<number>;
}

/** The store of tests and of hosts without storage: order kept by insertion. */
export class MemoryOutboxStore implements OutboxStore {
  private readonly items = new Map<string, OutboxItem>();

  async append(items: OutboxItem[]): Promise<void> {
    for (const item of items) if (!this.items.has(item.id)) this.items.set(item.id, item);
  }

  async peek(limit: number): Promise<OutboxItem[]> {
    const out: OutboxItem[] = [];
    for (const item of this.items.values()) {
      if (out.length >= limit) break;
      out.push(item);
    }
    return out;
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) this.items.delete(id);
  }

  async size(): Promise<number> {
    return this.items.size;
  }
}
