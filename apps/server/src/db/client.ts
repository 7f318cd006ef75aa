import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for the few platform pieces that need it (pg-boss's own connections). */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** Refreshes planner statistics where nothing else does (PGlite has no autovacuum daemon). */
  maintain(): Promise<void>;
  /** The embedded database's files as a tarball, to start copies from (tests' migrated template). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));

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
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      ping: () => ping(db as unknown as Db),
      maintain: async () => {},
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = join(opts.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  } else {
    client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: opts.template });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
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
