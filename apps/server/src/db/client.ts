import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MemoryFS, PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

const require = createRequire(import.meta.url);

export type Schema = typeof schema;
/** The one database type every repository takes: the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for the few platform pieces that need it (pg-boss's own connections). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** Applies the migrations of `folder` (default: the product's own, MIGRATIONS_DIR) not yet applied. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections (metrics); absent on the embedded database. */
  pool?(): { total: number; idle: number; waiting: number };
  /** Refreshes planner statistics where nothing else does (PGlite has no autovacuum daemon). */
  maintain(): Promise<void>;
  /** The embedded database's files as a tarball, to start copies from (tests' migrated template). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * PostgreSQL settings of the embedded database in a data folder. PGlite's WebAssembly memory never shrinks, and
 * PostgreSQL maps its shared buffers into it whole at start (emscripten's anonymous mmap is a zeroed allocation):
 * the default 128 MB were resident from the first query on. 16 MB hold an agency's hot pages; a page read past
 * them is a read of the folder through the operating system's file cache. `maintenance_work_mem` bounds what a
 * migration's `CREATE INDEX` sorts in memory (64 MB by default, and the memory stays).
 */
export const EMBEDDED_SETTINGS = { shared_buffers: '16MB', maintenance_work_mem: '16MB' } as const;

const PGDATA = '/pglite/data';

/**
 * The data folder as PGlite's `NodeFS` mounts it, but a `MemoryFS` to PGlite's `initdb`, which then writes the new
 * database straight into the folder through its proxy file system. For any other file system PGlite 0.5 runs
 * initdb in a scratch instance, packs the result into a tarball in memory and unpacks it into the folder: hundreds
 * of megabytes at once and twice the time, for a first start.
 */
class FolderFs extends MemoryFS {
  constructor(private readonly folder: string) {
    super();
  }

  override async init(...args: Parameters<MemoryFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    type Mod = { FS: { mkdirTree(path: string): void; mount(fs: unknown, opts: object, at: string): void } };
    const mount = (mod: Mod & { NODEFS: unknown }) => {
      mod.FS.mkdirTree(PGDATA);
      mod.FS.mount(mod.NODEFS, { root: this.folder }, PGDATA);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), mount] } };
  }
}

/**
 * Opens (or creates, in an empty folder) the embedded database in `folder`. A creation cut short (a kill during
 * initdb) leaves its marker beside the folder, and the next start creates the database again instead of resuming
 * half of one.
 */
async function openFolder(folder: string) {
  mkdirSync(folder, { recursive: true });
  const marker = `${folder}.initializing`;
  const fresh = existsSync(marker) || readdirSync(folder).length === 0;
  if (fresh) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(marker, '');
  }
  const settings = Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const client = await PGlite.create({
    ...(await pgliteArtifacts()),
    fs: new FolderFs(folder),
    extensions: { pg_trgm },
    // initdb's own PostgreSQL would size 128 MB of shared buffers too, and write them into postgresql.conf.
    initDbStartParams: settings,
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  if (fresh) rmSync(marker, { force: true });
  return client;
}

/**
 * PGlite's WebAssembly (PostgreSQL and initdb, compiled) and its file bundle, read once per process: every PGlite
 * the process opens after the first (a test worker's databases, a backup's or a move's second one) starts from
 * them instead of reading and compiling nine megabytes again. A module holds code only, never a database's state.
 */
let artifacts: Promise<{
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}> | null = null;
/** The runtime's WebAssembly compiler (the server's types know WebAssembly's types, not its global). */
const compileWasm = (bytes: Uint8Array) =>
  (
    globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WebAssembly.Module> } }
  ).WebAssembly.compile(bytes);
function pgliteArtifacts() {
  artifacts ??= (async () => {
    const file = (name: string) => readFile(require.resolve(`@electric-sql/pglite/${name}`));
    const [pglite, initdb, bundle] = await Promise.all([
      file('pglite.wasm'),
      file('initdb.wasm'),
      file('pglite.data'),
    ]);
    return {
      pgliteWasmModule: await compileWasm(pglite),
      initdbWasmModule: await compileWasm(initdb),
      fsBundle: new Blob([bundle]),
    };
  })();
  return artifacts;
}

/** `dataDir` null means an in-memory PGlite (tests), started from `template` (a `dump()`) when given. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  template?: Blob;
  poolSize?: number;
  /** Told when PostgreSQL drops an idle connection (a restart, a failover); the pool reconnects by itself. */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // Without a listener, an idle connection terminated by the server throws and ends the process.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // A connection checked out for a transaction has no pool listener: its drop would throw the same way.
    // The transaction's own query fails and rolls it back; the event only needs a listener.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onIdleError?.(err));
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      driver: { kind: 'postgres', url: opts.url },
      migrate: (folder = MIGRATIONS_DIR) => migratePg(db, { migrationsFolder: folder }),
      ping: () => ping(db as unknown as Db),
      maintain: async () => {},
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    client = await openFolder(join(opts.dataDir, 'pgdata'));
  } else {
    client = await PGlite.create({
      ...(await pgliteArtifacts()),
      extensions: { pg_trgm },
      loadDataDir: opts.template,
    });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    migrate: (folder = MIGRATIONS_DIR) => migratePglite(db, { migrationsFolder: folder }),
    ping: () => ping(db as unknown as Db),
    maintain: async () => {
      await client.exec('analyze');
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
