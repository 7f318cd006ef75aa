import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pino from 'pino';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { createStorage } from '../storage/create-storage';
import { BackupError, createBackup, restoreBackup } from './backup';

/** What `npm run backup` and `npm run move` need to reach a running embedded server: `DATA_DIR/ops.json`. */
export type OpsFile = { pid: number; url: string; token: string };

export const opsFilePath = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'ops.json');

/** The running server's address and backup token, readable by the data folder's owner only. */
export function writeOpsFile(config: Pick<Config, 'dataDir'>, url: string, token: string) {
  const file: OpsFile = { pid: process.pid, url, token };
  writeFileSync(opsFilePath(config), JSON.stringify(file), { mode: 0o600 });
}

export function removeOpsFile(config: Pick<Config, 'dataDir'>) {
  rmSync(opsFilePath(config), { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
};

/** The running server of this data folder, if one runs (its ops file names a live process). */
export function runningServer(config: Pick<Config, 'dataDir'>): OpsFile | null {
  const path = opsFilePath(config);
  if (!existsSync(path)) return null;
  try {
    const file = JSON.parse(readFileSync(path, 'utf8')) as OpsFile;
    return alive(file.pid) && file.pid !== process.pid ? file : null;
  } catch {
    return null;
  }
}

/** DATA_DIR's generated signing key (secret.ts), when JWT_SECRET does not replace it. */
export const signingKeyFile = (config: Config) =>
  config.JWT_SECRET ? undefined : join(config.dataDir, 'jwt-secret');

const quiet = pino({ level: 'silent' });
const storageOf = (config: Config, secret: Uint8Array) =>
  createStorage(config, { secret, clock: { now: () => new Date() }, log: quiet });

export type Print = (line: string) => void;

/**
 * `npm run backup -- --out FILE`. The embedded database of a running server is its process's alone: the server
 * makes the backup (POST /api/ops/backup, with the token of its ops file) and this streams it to FILE.
 * Otherwise (a stopped server, or PostgreSQL, which any number of sessions read) this makes it itself.
 */
export async function backupCommand(config: Config, secret: Uint8Array, out: string, print: Print) {
  const target = resolve(out);
  await mkdir(dirname(target), { recursive: true });
  const server = config.embedded ? runningServer(config) : null;
  if (server) {
    print(`The server (pid ${server.pid}) is running: it makes the backup.`);
    const res = await fetch(`${server.url}/api/ops/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (!res.ok || !res.body)
      throw new BackupError(`The server refused the backup: ${res.status} ${await res.text()}`);
    const partial = `${target}.partial`;
    await pipeline(Readable.fromWeb(res.body as never), createWriteStream(partial));
    await rename(partial, target);
    print(`Backup written to ${target} (${res.headers.get('x-backup-summary') ?? 'done'})`);
    return;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  const storage = storageOf(config, secret);
  try {
    const manifest = await createBackup({
      database,
      storage,
      out: target,
      version: config.version,
      now: new Date(),
      signingKeyFile: signingKeyFile(config),
    });
    print(`Backup written to ${target} (${summary(manifest)})`);
  } finally {
    await storage.close();
    await database.close();
  }
}

export const summary = (m: {
  tables: Array<{ rows: number }>;
  files: unknown[];
  size: number;
  migrations: { level: number };
}) =>
  `${m.tables.length} tables, ${m.tables.reduce((n, t) => n + t.rows, 0)} rows, ${m.files.length} files, ${m.size} bytes, migration level ${m.migrations.level}`;

function printCounts(print: Print, counts: Array<{ name: string; rows: number }>) {
  const width = Math.max(...counts.map((c) => c.name.length));
  for (const c of counts) print(`  ${c.name.padEnd(width)} ${c.rows}`);
}

/** `npm run restore -- FILE [--force]` into the configured DATA_DIR or DATABASE_URL (and file store). */
export async function restoreCommand(
  config: Config,
  secret: Uint8Array,
  file: string,
  force: boolean,
  print: Print,
) {
  if (config.embedded && runningServer(config))
    throw new BackupError('The server of this data folder is running: stop it before restoring into it.');
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  const storage = storageOf(config, secret);
  try {
    const result = await restoreBackup({
      file: resolve(file),
      database,
      storage,
      force,
      scratchDir: config.embedded ? config.dataDir : dirname(resolve(file)),
      signingKeyFile: signingKeyFile(config),
    });
    print(
      `Restored the backup of ${result.manifest.createdAt} (version ${result.manifest.product}); checksums equal.`,
    );
    if (result.migratedFrom < result.migratedTo)
      print(`Migrated from level ${result.migratedFrom} to ${result.migratedTo}.`);
    printCounts(print, result.counts);
  } finally {
    await storage.close();
    await database.close();
  }
}

/**
 * `npm run move -- --to-database postgres://… [--to-storage s3]`: a backup of this embedded installation (made by
 * the running server when it runs) restored into an empty PostgreSQL database and, with `s3`, its files into the
 * bucket of the STORAGE_S3_* settings. Prints the settings to use from then on.
 */
export async function moveCommand(
  env: NodeJS.ProcessEnv,
  load: (env: NodeJS.ProcessEnv) => Config,
  secret: Uint8Array,
  opts: { toDatabase: string; toStorage: 'local' | 's3' },
  print: Print,
) {
  const source = load({ ...env, DATABASE_URL: undefined, STORAGE_DRIVER: 'local' });
  const target = load({ ...env, DATABASE_URL: opts.toDatabase, STORAGE_DRIVER: opts.toStorage });
  const file = join(source.dataDir, 'backups', `move-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`);
  await backupCommand(source, secret, file, print);
  const database = await openDatabase({ url: opts.toDatabase, poolSize: 2 });
  const storage = opts.toStorage === 's3' ? storageOf(target, secret) : null;
  try {
    const result = await restoreBackup({ file, database, storage, force: false, scratchDir: source.dataDir });
    print("Copied; every table's count and checksum equal:");
    printCounts(print, result.counts);
    if (storage)
      print(`${result.manifest.files.length} files copied to the bucket ${target.STORAGE_S3_BUCKET}.`);
  } finally {
    await storage?.close();
    await database.close();
  }
  await rm(file, { force: true });
  print(
    'Set these and restart the server (keep DATA_DIR: it holds the signing key unless JWT_SECRET is set):',
  );
  print(`DATABASE_URL=${opts.toDatabase}`);
  if (opts.toStorage === 's3') {
    print('STORAGE_DRIVER=s3');
    for (const name of [
      'STORAGE_S3_BUCKET',
      'STORAGE_S3_REGION',
      'STORAGE_S3_ENDPOINT',
      'STORAGE_S3_FORCE_PATH_STYLE',
    ] as const)
      if (env[name]) print(`${name}=${env[name]}`);
    print('STORAGE_S3_ACCESS_KEY_ID=… and STORAGE_S3_SECRET_ACCESS_KEY=… as you gave them');
  }
}
