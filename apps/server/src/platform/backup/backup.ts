import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Database, MIGRATIONS_DIR } from '../../db/client';
import type { ObjectStorage } from '../storage/types';
import { entryPath, unzipTo, zipWriter } from './archive';
import {
  databaseChecksums,
  databaseIsEmpty,
  dumpTables,
  inTransaction,
  listTables,
  loadTables,
  migrationLevel,
  type SequenceValue,
  type TableCopy,
} from './database-copy';

/** What a backup holds, written as `manifest.json` beside `db/<table>.ndjson` and `files/<key>` in the ZIP. */
export type Manifest = {
  format: 'vahub-backup';
  formatVersion: 1;
  product: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** How many of the product's migrations had run, and the last one's name. */
  migrations: { level: number; last: string | null };
  tables: TableCopy[];
  sequences: SequenceValue[];
  files: Array<{ key: string; size: number; sha256: string; contentType: string }>;
  /** Whether `jwt-secret` (DATA_DIR's signing key, which also encrypts webhook secrets) is in the backup. */
  signingKey: boolean;
};

export class BackupError extends Error {}

type Journal = { entries: Array<{ idx: number; when: number; tag: string }> } & Record<string, unknown>;
const readJournal = async (): Promise<Journal> =>
  JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));

/** Hashes and counts what passes through. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/**
 * Writes a backup of the database and the stored files to `out` (a ZIP, written beside it and renamed into place
 * when whole). The database is read in one snapshot (`inTransaction`); the files are listed after it, so every
 * file a backed-up row names is in it unless it was deleted in between.
 */
export async function createBackup(opts: {
  database: Database;
  storage: ObjectStorage;
  out: string;
  version: string;
  now: Date;
  /** DATA_DIR's generated signing key, when the installation has one (no JWT_SECRET). */
  signingKeyFile?: string;
}): Promise<Manifest & { size: number }> {
  await mkdir(dirname(opts.out), { recursive: true });
  const staging = await mkdtemp(join(dirname(opts.out), '.vahub-backup-'));
  const partial = `${opts.out}.partial`;
  try {
    const { level, tables, sequences } = await inTransaction(opts.database, 'snapshot', async (sql) => ({
      level: await migrationLevel(sql),
      ...(await dumpTables(sql, staging)),
    }));
    const journal = await readJournal();
    const zip = zipWriter(partial);
    for (const table of tables) zip.addFile(join(staging, `${table.name}.ndjson`), `db/${table.name}.ndjson`);
    const files: Manifest['files'] = [];
    for await (const key of opts.storage.keys()) {
      const object = await opts.storage.get(key);
      if (!object) continue; // Deleted since it was listed.
      const hashed = hashing();
      // A read that fails fails the backup (never a truncated file under a matching checksum).
      const piped = pipeline(object.body, hashed.stream);
      piped.catch(() => undefined);
      await zip.addStream(hashed.stream, `files/${key}`);
      await piped;
      files.push({ key, contentType: object.contentType, ...hashed.result() });
    }
    const signingKey = Boolean(opts.signingKeyFile && existsSync(opts.signingKeyFile));
    if (opts.signingKeyFile && signingKey) zip.addFile(opts.signingKeyFile, 'jwt-secret');
    const manifest: Manifest = {
      format: 'vahub-backup',
      formatVersion: 1,
      product: opts.version,
      createdAt: opts.now.toISOString(),
      database: opts.database.kind,
      migrations: { level, last: journal.entries[level - 1]?.tag ?? null },
      tables,
      sequences,
      files,
      signingKey,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    await zip.end();
    await rename(partial, opts.out);
    return { ...manifest, size: (await stat(opts.out)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** Whether the target database and store hold nothing yet. */
export async function targetIsEmpty(database: Database, storage: ObjectStorage | null) {
  const databaseEmpty = await inTransaction(database, 'write', databaseIsEmpty);
  let storageEmpty = true;
  if (storage)
    for await (const _ of storage.keys()) {
      storageEmpty = false;
      break;
    }
  return { database: databaseEmpty, storage: storageEmpty };
}

/** A copy of the migrations folder that stops after `level` migrations (the level a backup was made at). */
export async function migrationsUpTo(level: number, scratch: string): Promise<string> {
  const journal = await readJournal();
  if (level > journal.entries.length)
    throw new BackupError(
      `The backup was made by a newer version (${level} migrations; this one knows ${journal.entries.length}). Restore it with that version or a later one.`,
    );
  if (level === journal.entries.length) return MIGRATIONS_DIR;
  const folder = join(scratch, 'migrations');
  await mkdir(join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, level);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) await copyFile(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return folder;
}

export type RestoreResult = {
  manifest: Manifest;
  /** Every table's rows once restored and migrated to this version. */
  counts: Array<{ name: string; rows: number }>;
  migratedFrom: number;
  migratedTo: number;
};

/**
 * Restores the backup `file` into `database` (and its files into `storage`; null keeps the files where they are,
 * for a move that keeps its folder). Refuses a target holding data unless `force` (which empties it first).
 * Checks every entry's SHA-256 before writing, loads the tables at the backup's migration level, compares every
 * table's count and checksum with the manifest inside the loading transaction (a difference rolls it back), then
 * migrates forward to this version.
 */
export async function restoreBackup(opts: {
  file: string;
  database: Database;
  storage: ObjectStorage | null;
  force: boolean;
  scratchDir: string;
  /** Where the target keeps a generated signing key (no JWT_SECRET): the backup's is put there. */
  signingKeyFile?: string;
}): Promise<RestoreResult> {
  const empty = await targetIsEmpty(opts.database, opts.storage);
  if ((!empty.database || !empty.storage) && !opts.force) {
    const what = [!empty.database && 'the database', !empty.storage && 'the file store']
      .filter(Boolean)
      .join(' and ');
    throw new BackupError(
      `Refusing to restore: ${what} already hold data. Use an empty target, or --force to replace it.`,
    );
  }
  await mkdir(opts.scratchDir, { recursive: true });
  const scratch = await mkdtemp(join(opts.scratchDir, '.vahub-restore-'));
  try {
    const unpacked = join(scratch, 'unpacked');
    await unzipTo(opts.file, unpacked);
    const manifestPath = join(unpacked, 'manifest.json');
    if (!existsSync(manifestPath))
      throw new BackupError('This file is not a backup of this product (no manifest).');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
    if (manifest.format !== 'vahub-backup')
      throw new BackupError('This file is not a backup of this product.');
    for (const t of manifest.tables) {
      const path = entryPath(unpacked, `db/${t.name}.ndjson`);
      if (!existsSync(path) || (await sha256Of(path)) !== t.sha256)
        throw new BackupError(`The backup is damaged: the table ${t.name} does not match its checksum.`);
    }
    for (const f of manifest.files) {
      const path = entryPath(unpacked, `files/${f.key}`);
      if (!existsSync(path) || (await sha256Of(path)) !== f.sha256)
        throw new BackupError(`The backup is damaged: the file ${f.key} does not match its checksum.`);
    }
    const migrations = await migrationsUpTo(manifest.migrations.level, scratch);

    if (!empty.database) {
      await inTransaction(opts.database, 'write', async (sql) => {
        await sql.query('drop schema if exists drizzle cascade');
        await sql.query('drop schema if exists pgboss cascade');
        await sql.query('drop schema public cascade');
        await sql.query('create schema public');
      });
    }
    if (opts.storage && !empty.storage) {
      const keys: string[] = [];
      for await (const key of opts.storage.keys()) keys.push(key);
      await opts.storage.delete(keys);
    }

    await opts.database.migrate(migrations);
    await inTransaction(opts.database, 'write', async (sql) => {
      // Rows a migration wrote (reference data) come back from the backup.
      const names = await listTables(sql);
      if (names.length) await sql.query(`truncate ${names.map((n) => `public."${n}"`).join(', ')} cascade`);
      await loadTables(sql, join(unpacked, 'db'), manifest.tables, manifest.sequences);
      const loaded = new Map((await databaseChecksums(sql)).map((t) => [t.name, t]));
      for (const t of manifest.tables) {
        const got = loaded.get(t.name);
        if (!got || got.rows !== t.rows || got.checksum !== t.checksum)
          throw new BackupError(
            `The restored table ${t.name} differs from the backup (${got?.rows ?? 0} rows, expected ${t.rows}); nothing was restored.`,
          );
      }
    });
    await opts.database.migrate();
    if (opts.storage)
      for (const f of manifest.files)
        await opts.storage.put(f.key, createReadStream(entryPath(unpacked, `files/${f.key}`)), {
          contentType: f.contentType,
        });
    if (manifest.signingKey && opts.signingKeyFile && (opts.force || !existsSync(opts.signingKeyFile))) {
      await mkdir(dirname(opts.signingKeyFile), { recursive: true });
      await copyFile(join(unpacked, 'jwt-secret'), opts.signingKeyFile);
    }
    const after = await inTransaction(opts.database, 'snapshot', databaseChecksums);
    return {
      manifest,
      counts: after.map(({ name, rows }) => ({ name, rows })),
      migratedFrom: manifest.migrations.level,
      migratedTo: (await readJournal()).entries.length,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
