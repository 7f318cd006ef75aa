import { type FileHandle, mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * An append-only journal of JSON lines: each record is written and `fsync`'d before `append` resolves, so
 * a record that counts as stored survives a crash or a power loss. Records are opaque to the journal; the
 * stores above it replay them on open. A torn last line (the machine died mid-write) is dropped on open,
 * and the file cut back to the last whole record so later appends stay readable.
 */
export class Journal<R> {
  private handle: FileHandle | null = null;
  /** Bytes of whole records in the file. */
  private bytes = 0;
  private chain: Promise<unknown> = Promise.resolve();

  private readonly log: (message: string) => void;
  private readonly openFile: typeof open;
  /** Reads only (`status` while the agent runs): no repair, no appends. */
  private readonly readOnly: boolean;

  constructor(
    readonly path: string,
    options: { log?: (message: string) => void; openFile?: typeof open; readOnly?: boolean } = {},
  ) {
    this.readOnly = options.readOnly ?? false;
    this.log = options.log ?? (() => {});
    this.openFile = options.openFile ?? open;
  }

  /** Reads every whole record, repairs a torn tail, and opens the file for appending. */
  async open(): Promise<R[]> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    let text = '';
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const records: R[] = [];
    let good = 0;
    let offset = 0;
    for (;;) {
      const end = text.indexOf('\n', offset);
      const line = end === -1 ? text.slice(offset) : text.slice(offset, end);
      if (end === -1) {
        if (line.length)
          this.log(`outbox: ignored a torn last record in ${this.path} (${line.length} bytes)`);
        break;
      }
      try {
        records.push(JSON.parse(line) as R);
        good = end + 1;
      } catch {
        // A last line cut inside a multi-byte write may still end in a newline: torn too.
        if (end + 1 === text.length) {
          this.log(`outbox: ignored a torn last record in ${this.path}`);
          break;
        }
        this.log(`outbox: ignored an unreadable record in ${this.path}`);
        good = end + 1;
      }
      offset = end + 1;
    }
    const goodBytes = Buffer.byteLength(text.slice(0, good));
    this.bytes = goodBytes;
    if (this.readOnly) return records;
    this.handle = await this.openFile(this.path, 'a+', 0o600);
    if (goodBytes < Buffer.byteLength(text)) {
      await this.handle.truncate(goodBytes);
      await this.handle.sync();
    }
    return records;
  }

  get size(): number {
    return this.bytes;
  }

  /** Appends records and syncs them to disk; resolves only once they are durable. */
  append(records: R[]): Promise<void> {
    return this.serial(async () => {
      const handle = this.need();
      const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
      await handle.write(text);
      await handle.sync();
      this.bytes += Buffer.byteLength(text);
    });
  }

  /** Replaces the whole journal with these records (compaction): a new file, synced, renamed over. */
  rewrite(records: R[]): Promise<void> {
    return this.serial(async () => {
      const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
      if (records.length === 0) {
        const handle = this.need();
        await handle.truncate(0);
        await handle.sync();
        this.bytes = 0;
        return;
      }
      const tmp = `${this.path}.compact`;
      const out = await this.openFile(tmp, 'w', 0o600);
      try {
        await out.writeFile(text);
        await out.sync();
      } finally {
        await out.close();
      }
      await this.need().close();
      await rename(tmp, this.path);
      await syncDir(dirname(this.path));
      this.handle = await this.openFile(this.path, 'a+', 0o600);
      this.bytes = Buffer.byteLength(text);
    });
  }

  async close(): Promise<void> {
    await this.chain.catch(() => {});
    await this.handle?.close();
    this.handle = null;
  }

  private need(): FileHandle {
    if (!this.handle) throw new Error('The journal is not open');
    return this.handle;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => {});
    return run;
  }
}

/** Makes a rename durable (directories cannot be opened for sync on Windows: skipped there). */
export async function syncDir(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const dir = await open(path, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
