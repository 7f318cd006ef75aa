import { mkdir, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadItem, UploadStore } from '@vahub/tracker-core/capture/types';
import type { OutboxItem, OutboxStore } from '@vahub/tracker-core/outbox';
import { Journal } from './journal';

/** A journal record: an item stored, or items acknowledged (sent, or refused for good). */
type JournalRecord<T> = { op: 'add'; item: T } | { op: 'ack'; ids: string[] };

export interface FileStoreOptions {
  log?: (message: string) => void;
  /** Compacts when the journal holds this many records more than pending items. */
  compactAfter?: number;
  openFile?: typeof open;
  readOnly?: boolean;
}

/**
 * Items in a journal: `append` writes `add` records, `remove` writes an `ack` record, both fsync'd before they
 * resolve. Opening replays the journal (adds minus acks, in order). When every item is acknowledged the file
 * is emptied; when acknowledged records pile up behind pending ones it is rewritten with the pending only.
 */
class JournalStore<T extends { id: string }> {
  protected readonly items = new Map<string, T>();
  private readonly journal: Journal<JournalRecord<T>>;
  private records = 0;
  private opened: Promise<void> | null = null;
  private readonly compactAfter: number;

  constructor(path: string, options: FileStoreOptions) {
    this.journal = new Journal(path, options);
    this.compactAfter = options.compactAfter ?? 2000;
  }

  /** Reads the journal (called by every method on first use). */
  open(): Promise<void> {
    this.opened ??= (async () => {
      const records = await this.journal.open();
      this.records = records.length;
      for (const record of records) {
        if (record.op === 'add') {
          if (!this.items.has(record.item.id)) this.items.set(record.item.id, record.item);
        } else for (const id of record.ids) this.items.delete(id);
      }
    })();
    return this.opened;
  }

  protected async add(items: T[]): Promise<void> {
    await this.open();
    const fresh = items.filter((item) => !this.items.has(item.id));
    if (!fresh.length) return;
    await this.journal.append(fresh.map((item) => ({ op: 'add', item })));
    this.records += fresh.length;
    for (const item of fresh) this.items.set(item.id, item);
  }

  protected async first(limit: number): Promise<T[]> {
    await this.open();
    const out: T[] = [];
    for (const item of this.items.values()) {
      if (out.length >= limit) break;
      out.push(item);
    }
    return out;
  }

  /** Acknowledges ids; answers the items that were pending. */
  protected async ack(ids: string[]): Promise<T[]> {
    await this.open();
    const known = ids.filter((id) => this.items.has(id));
    if (!known.length) return [];
    await this.journal.append([{ op: 'ack', ids: known }]);
    this.records++;
    const gone = known.map((id) => this.items.get(id) as T);
    for (const id of known) this.items.delete(id);
    await this.maybeCompact();
    return gone;
  }

  async size(): Promise<number> {
    await this.open();
    return this.items.size;
  }

  /** Records in the journal file (for tests and `status`). */
  get journalRecords(): number {
    return this.records;
  }

  async close(): Promise<void> {
    await this.journal.close();
  }

  private async maybeCompact() {
    if (this.items.size === 0 || this.records - this.items.size >= this.compactAfter) {
      const pending = [...this.items.values()].map((item) => ({ op: 'add' as const, item }));
      await this.journal.rewrite(pending);
      this.records = pending.length;
    }
  }
}

/** The agent's ping outbox: `outbox/pings.jsonl`. */
export class FileOutboxStore extends JournalStore<OutboxItem> implements OutboxStore {
  constructor(dir: string, options: FileStoreOptions = {}) {
    super(join(dir, 'pings.jsonl'), options);
  }

  append(items: OutboxItem[]): Promise<void> {
    return this.add(items);
  }

  peek(limit: number): Promise<OutboxItem[]> {
    return this.first(limit);
  }

  async remove(ids: string[]): Promise<void> {
    await this.ack(ids);
  }
}

/** An upload as the journal keeps it: the bytes live in a file beside it. */
type StoredUpload = Omit<UploadItem, 'bytes'> & { file: string };

const EXT: Record<UploadItem['type'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The agent's screenshot outbox: `outbox/uploads.jsonl`, each screen's bytes in `outbox/screens/<id>.<ext>`,
 * written and fsync'd before the record that points at it. Files without a record (a crash between the
 * two) are deleted on open; an acknowledged screen's file is deleted after its `ack` record.
 */
export class FileUploadStore implements UploadStore {
  private readonly store: UploadJournal;
  private readonly screens: string;
  private opened: Promise<void> | null = null;

  constructor(
    dir: string,
    private readonly options: FileStoreOptions = {},
  ) {
    this.store = new UploadJournal(join(dir, 'uploads.jsonl'), options);
    this.screens = join(dir, 'screens');
  }

  private open(): Promise<void> {
    this.opened ??= (async () => {
      await this.store.open();
      await mkdir(this.screens, { recursive: true, mode: 0o700 });
      const wanted = new Set(this.store.files());
      for (const name of await readdir(this.screens))
        if (!wanted.has(name)) await rm(join(this.screens, name), { force: true });
    })();
    return this.opened;
  }

  async append(items: UploadItem[]): Promise<void> {
    await this.open();
    const stored: StoredUpload[] = [];
    for (const { bytes, ...rest } of items) {
      const file = `${rest.id}.${EXT[rest.type]}`;
      const handle = await (this.options.openFile ?? open)(join(this.screens, file), 'w', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      stored.push({ ...rest, file });
    }
    await this.store.put(stored);
  }

  async peek(limit: number): Promise<UploadItem[]> {
    await this.open();
    const out: UploadItem[] = [];
    for (const { file, ...rest } of await this.store.take(limit)) {
      const bytes = await readFile(join(this.screens, file)).catch(() => null);
      if (!bytes) {
        // The bytes are gone (deleted by hand): the record can never be sent.
        this.options.log?.(`outbox: screen file ${file} is missing, dropping it`);
        await this.store.drop([rest.id]);
        continue;
      }
      out.push({ ...rest, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) });
    }
    return out;
  }

  async remove(ids: string[]): Promise<void> {
    await this.open();
    for (const item of await this.store.drop(ids)) await rm(join(this.screens, item.file), { force: true });
  }

  async size(): Promise<number> {
    return this.store.size();
  }

  async close(): Promise<void> {
    await this.store.close();
  }
}

class UploadJournal extends JournalStore<StoredUpload> {
  files(): string[] {
    return [...this.items.values()].map((item) => item.file);
  }
  put(items: StoredUpload[]) {
    return this.add(items);
  }
  take(limit: number) {
    return this.first(limit);
  }
  drop(ids: string[]) {
    return this.ack(ids);
  }
}

/** Pending pings and screens in an outbox folder, without opening it for writing (`status`). */
export async function outboxBacklog(dir: string): Promise<{ pings: number; screens: number }> {
  const pings = new FileOutboxStore(dir, { readOnly: true });
  const uploads = new UploadJournal(join(dir, 'uploads.jsonl'), { readOnly: true });
  try {
    return { pings: await pings.size(), screens: await uploads.size() };
  } finally {
    await pings.close();
    await uploads.close();
  }
}
