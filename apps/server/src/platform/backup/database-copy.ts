import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { Database } from '../../db/client';

/** Plain SQL on one session: the snapshot a backup reads, or the transaction a restore writes. */
export type Sql = { query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]> };

export type TableCopy = { name: string; rows: number; checksum: string; sha256: string };
export type SequenceValue = { name: string; lastValue: string | null };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs `fn` in one transaction of the database: REPEATABLE READ (one snapshot: a write committed meanwhile is
 * wholly in it or wholly out) for a read, a plain one for a write. The embedded database has one session:
 * its transaction holds it, and the server's other queries wait for it (a write is then before or after it).
 */
export async function inTransaction<T>(
  database: Database,
  mode: 'snapshot' | 'write',
  fn: (sql: Sql) => Promise<T>,
): Promise<T> {
  const begin =
    mode === 'snapshot'
      ? 'begin isolation level repeatable read read only'
      : 'begin isolation level read committed';
  if (database.driver.kind === 'pglite') {
    const client = database.driver.client;
    return client.transaction(async (tx) => {
      await tx.query("set local timezone = 'UTC'");
      return fn({ query: async (text, params) => (await tx.query(text, params)).rows as never });
    });
  }
  const client = new pg.Client({ connectionString: database.driver.url });
  await client.connect();
  try {
    await client.query(begin);
    await client.query("set local timezone = 'UTC'");
    const result = await fn({ query: async (text, params) => (await client.query(text, params)).rows });
    await client.query('commit');
    return result;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** The product's tables (schema `public`; a partitioned table once, not per partition), by name. */
export async function listTables(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  return rows.map((r) => r.name);
}

/**
 * A table's count and checksum, computed by the database itself: the sum of every row's MD5 (of its JSON text, in
 * UTC) cut to 60 bits. The sum ignores the rows' order, so a backup and its restore compare without sorting.
 */
export async function tableChecksum(sql: Sql, table: string): Promise<{ rows: number; checksum: string }> {
  const [row] = await sql.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows,
       coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint::numeric), 0)::text as checksum
     from public.${quote(table)} t`,
  );
  return { rows: Number(row.rows), checksum: row.checksum };
}

/** Every table's count and checksum. */
export async function databaseChecksums(
  sql: Sql,
): Promise<Array<{ name: string; rows: number; checksum: string }>> {
  const out = [];
  for (const name of await listTables(sql)) out.push({ name, ...(await tableChecksum(sql, name)) });
  return out;
}

/** How many of the product's migrations the database has applied (drizzle's own table; 0 before the first). */
export async function migrationLevel(sql: Sql): Promise<number> {
  const [exists] = await sql.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!exists.found) return 0;
  const [row] = await sql.query<{ level: number }>(
    'select count(*)::int as level from drizzle.__drizzle_migrations',
  );
  return row.level;
}

/** Writes each table as `<dir>/<table>.ndjson` (one JSON object a row) inside the caller's snapshot. */
export async function dumpTables(
  sql: Sql,
  dir: string,
): Promise<{ tables: TableCopy[]; sequences: SequenceValue[] }> {
  const tables: TableCopy[] = [];
  for (const name of await listTables(sql)) {
    const file = await open(join(dir, `${name}.ndjson`), 'w');
    const hash = createHash('sha256');
    let rows = 0;
    try {
      await sql.query(
        `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from public.${quote(name)} t`,
      );
      for (;;) {
        const batch = await sql.query<{ j: string }>('fetch forward 2000 from backup_rows');
        if (batch.length === 0) break;
        const text = `${batch.map((r) => r.j).join('\n')}\n`;
        hash.update(text);
        await file.write(text);
        rows += batch.length;
      }
      await sql.query('close backup_rows');
    } finally {
      await file.close();
    }
    const { checksum } = await tableChecksum(sql, name);
    tables.push({ name, rows, checksum, sha256: hash.digest('hex') });
  }
  const sequences = await sql.query<{ name: string; lastValue: string | null }>(
    `select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public'
     order by sequencename`,
  );
  return { tables, sequences };
}

/** The tables in an order where a row's referenced rows come first (cycles and self-references as they come). */
async function loadOrder(sql: Sql, names: string[]): Promise<string[]> {
  const edges = await sql.query<{ child: string; parent: string }>(
    `select ch.relname as child, pa.relname as parent from pg_constraint c
       join pg_class ch on ch.oid = c.conrelid join pg_class pa on pa.oid = c.confrelid
     where c.contype = 'f' and ch.relnamespace = 'public'::regnamespace`,
  );
  const wanted = new Set(names);
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const e of edges)
    if (wanted.has(e.child) && wanted.has(e.parent) && e.child !== e.parent)
      parents.get(e.child)?.add(e.parent);
  const order: string[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent);
    visiting.delete(name);
    done.add(name);
    order.push(name);
  };
  for (const name of names) visit(name);
  return order;
}

const BATCH_ROWS = 1000;
const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Loads the tables written by `dumpTables` into a database at the same migration level, in the caller's write
 * transaction: each batch through `json_populate_recordset`, so PostgreSQL itself reads every value back from its
 * JSON text (timestamps, arrays, bytea, jsonb). Foreign keys are not checked while loading where the session may
 * say so (a superuser or the embedded database); elsewhere the tables load parents first.
 */
export async function loadTables(sql: Sql, dir: string, tables: TableCopy[], sequences: SequenceValue[]) {
  await sql.query('savepoint replica_role');
  try {
    await sql.query('set local session_replication_role = replica');
  } catch {
    await sql.query('rollback to savepoint replica_role');
  }
  for (const name of await loadOrder(
    sql,
    tables.map((t) => t.name),
  )) {
    const columns = await sql.query<{ name: string; generated: string; identity: string }>(
      `select attname as name, attgenerated::text as generated, attidentity::text as identity from pg_attribute
       where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
      [`public.${quote(name)}`],
    );
    const insertable = columns.filter((c) => c.generated === '').map((c) => quote(c.name));
    const overriding = columns.some((c) => c.identity === 'a') ? 'overriding system value' : '';
    const statement = `insert into public.${quote(name)} (${insertable.join(', ')}) ${overriding}
      select ${insertable.join(', ')} from json_populate_recordset(null::public.${quote(name)}, $1::json)`;
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await sql.query(statement, [`[${batch.join(',')}]`]);
      batch = [];
      bytes = 0;
    };
    const lines = createInterface({
      input: createReadStream(join(dir, `${name}.ndjson`)),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line) continue;
      batch.push(line);
      bytes += line.length;
      if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
    }
    await flush();
  }
  for (const s of sequences)
    if (s.lastValue !== null)
      await sql.query('select setval($1::regclass, $2::bigint, true)', [
        `public.${quote(s.name)}`,
        s.lastValue,
      ]);
}

/** Whether the database holds anything of the product (a table in `public` or an applied migration). */
export async function databaseIsEmpty(sql: Sql): Promise<boolean> {
  return (await listTables(sql)).length === 0 && (await migrationLevel(sql)) === 0;
}
