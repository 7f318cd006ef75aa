import type { OutboxItem, OutboxStore } from '@vahub/tracker-core/outbox';

const STORE = 'pings';

/** Rows keep an auto-incremented key, so a cursor reads them in the order they were appended. */
type Row = OutboxItem & { seq?: number };

const promised = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

/**
 * The web timer's durable outbox (the core's `OutboxStore` on IndexedDB): pings survive a reload, a crash
 * and an offline hour, and leave in the order they came. One database per signed-in user, so a shared
 * browser never sends one VA's pings with another's session.
 */
export class IdbOutboxStore implements OutboxStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(
    private readonly name: string,
    private readonly factory: IDBFactory = indexedDB,
  ) {}

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const request = this.factory.open(this.name, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
        store.createIndex('id', 'id', { unique: true });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.db;
  }

  async append(items: OutboxItem[]): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const index = store.index('id');
    // Requests chained by callbacks, not awaits: the transaction must not see an idle turn before it ends.
    for (const item of items) {
      const lookup = index.getKey(item.id);
      lookup.onsuccess = () => {
        // A ping already waiting (a retried append) is not stored twice.
        if (lookup.result === undefined)
          store.add({ id: item.id, attendanceId: item.attendanceId, ping: item.ping });
      };
    }
    await done(tx);
  }

  async peek(limit: number): Promise<OutboxItem[]> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readonly');
    const rows = await promised(tx.objectStore(STORE).getAll(undefined, limit) as IDBRequest<Row[]>);
    return rows.map(({ id, attendanceId, ping }) => ({ id, attendanceId, ping }));
  }

  async remove(ids: string[]): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    const index = store.index('id');
    for (const id of ids) {
      const lookup = index.getKey(id);
      lookup.onsuccess = () => {
        if (lookup.result !== undefined) store.delete(lookup.result);
      };
    }
    await done(tx);
  }

  async size(): Promise<number> {
    const db = await this.open();
    return promised(db.transaction(STORE, 'readonly').objectStore(STORE).count());
  }

  close(): void {
    void this.db?.then((db) => db.close());
    this.db = null;
  }
}

/** The outbox database of one user. */
export const outboxName = (userId: number) => `vahub-timer-outbox-${userId}`;
