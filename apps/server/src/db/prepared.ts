// A hot statement run as a named prepared statement on either database: parsed and planned once per connection
// (PostgreSQL then keeps one plan for it), each call only binding its parameters. For the few statements a server
// runs most (ping ingest), where parsing and planning a statement of several steps costs more than running it.
import { PGlite, protocol } from '@electric-sql/pglite';
import * as drizzle from 'drizzle-orm';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

const dialect = new PgDialect();

/** Dates and times as PostgreSQL writes them (text), as drizzle's columns read them (`mapFromDriverValue`). */
const RAW_TIMES_OIDS = new Set([1082, 1114, 1184, 1186]);
const RAW_TIMES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TIMES_OIDS.has(oid)
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** PGlite's members this file uses beyond its typed interface (the same its own `query` uses). */
type PGliteInside = PGlite & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
};

/** Per PGlite instance, the statements prepared on it and their parameters' types. */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<number[]>>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const { serialize } = protocol;

/** Parses `text` as the statement `name` (once per PGlite): the types of its parameters. */
function prepareOnPGlite(client: PGliteInside, name: string, text: string): Promise<number[]> {
  let byName = preparedOn.get(client);
  if (!byName) {
    byName = new Map();
    preparedOn.set(client, byName);
  }
  let types = byName.get(name);
  if (!types) {
    types = client
      .execProtocol(
        concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      )
      .then(({ messages }) => {
        const description = messages.find((m) => m.name === 'parameterDescription') as
          | { dataTypeIDs: number[] }
          | undefined;
        return description?.dataTypeIDs ?? [];
      });
    types.catch(() => byName.delete(name));
    byName.set(name, types);
  }
  return types;
}

/**
 * One call of a prepared statement in PGlite: bind, describe, execute and sync in one message (one trip inside).
 * Rows as objects by column name, or (`arrays`) as arrays in the columns' order, for drizzle's own mapping.
 */
async function runOnPGlite(
  client: PGliteInside,
  name: string,
  text: string,
  params: unknown[],
  arrays = false,
) {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const types = await prepareOnPGlite(client, name, text);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const write = client.serializers[types[i]];
        return write ? write(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      const [result] = parseMessages(messages, client.parsers, arrays);
      return result.rows;
    }),
  );
}

/**
 * What drizzle's PGlite driver leaves as PostgreSQL's text (its query config): dates, times and intervals, and
 * arrays of them and of numerics.
 */
const DRIZZLE_RAW_OIDS = new Set([...RAW_TIMES_OIDS, 1231, 1115, 1185, 1187, 1182]);

/**
 * The rows of an extended query's answer, typed by PGlite's parsers but for dates and times (text, as on
 * PostgreSQL): objects by column name, or (`arrays`) arrays in the columns' order, left as drizzle's driver leaves
 * them.
 */
function parseMessages(
  messages: Array<{ name: string }>,
  parsers: PGliteInside['parsers'],
  arrays = false,
): Array<{ rows: Array<Record<string, unknown> | unknown[]> }> {
  const raw = arrays ? DRIZZLE_RAW_OIDS : RAW_TIMES_OIDS;
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  let rows: Array<Record<string, unknown> | unknown[]> = [];
  const sets: Array<{ rows: typeof rows }> = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') fields = (m as unknown as { fields: typeof fields }).fields;
    else if (m.name === 'dataRow') {
      const values = (m as unknown as { fields: Array<string | null> }).fields;
      const typed = fields.map((f, i) => {
        const v = values[i];
        const parse = raw.has(f.dataTypeID) ? null : parsers[f.dataTypeID];
        return v === null ? null : parse ? parse(v, f.dataTypeID) : v;
      });
      rows.push(arrays ? typed : Object.fromEntries(fields.map((f, i) => [f.name, typed[i]])));
    } else if (m.name === 'commandComplete') {
      sets.push({ rows });
      rows = [];
      fields = [];
    }
  }
  if (!sets.length) sets.push({ rows });
  return sets;
}

/** Each statement's text and parameters (placeholders among them), worked out once. */
const built = new WeakMap<SQL, { text: string; params: unknown[] }>();

/**
 * Runs `query` as the named prepared statement `name`: node-postgres prepares it once per connection, PGlite once.
 * `query` is built once, its values `sql.placeholder`s filled from `values` per call, so neither its text nor its plan
 * is worked out again. Answers its rows as the driver gives them, but dates and times as PostgreSQL's text.
 */
export async function executePrepared(
  db: Db,
  name: string,
  query: SQL,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  let statement = built.get(query);
  if (!statement) {
    const q = dialect.sqlToQuery(query);
    statement = { text: q.sql, params: q.params };
    built.set(query, statement);
  }
  const params = fillPlaceholders(statement.params, values);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool)
    return (await client.query({ name, text: statement.text, values: params, types: RAW_TIMES })).rows;
  if (client instanceof PGlite)
    return (await runOnPGlite(client as PGliteInside, name, statement.text, params)) as Record<
      string,
      unknown
    >[];
  throw new Error('executePrepared: neither PostgreSQL nor PGlite');
}

/**
 * drizzle's mapping of a row (arrays in the columns' order) to the selection's shape, as its drivers use it: an
 * export its types leave out (`@internal`). Without it, queries keep drizzle's own driver path.
 */
type RowMapper = (fields: unknown, row: unknown[], joinsNotNullableMap?: Record<string, boolean>) => unknown;
const mapResultRow = (drizzle as unknown as { mapResultRow?: RowMapper }).mapResultRow;

/** drizzle's prepared query on PGlite: the members `namedOnPGlite` uses. */
type DrizzlePrepared = {
  client: unknown;
  queryString: string;
  params: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
};

/**
 * On PGlite itself (not one of its transactions, whose statements take turns inside it), a select built once runs
 * as a named statement prepared once (`runOnPGlite`): drizzle's PGlite driver parses and describes its text on
 * every call, in five trips into the database (0.45 ms against 0.2 ms for a one-row read). Rows are mapped by
 * drizzle's own `mapResultRow`, as its driver does. PostgreSQL's driver prepares by name already.
 */
function namedOnPGlite<T>(query: T, name: string): T {
  const q = query as unknown as DrizzlePrepared;
  const map = mapResultRow;
  if (!map || !(q.client instanceof PGlite) || !q.fields || q.customResultMapper) return query;
  const client = q.client as PGliteInside;
  const fields = q.fields;
  q.execute = async (values = {}) => {
    const rows = await runOnPGlite(client, name, q.queryString, fillPlaceholders(q.params, values), true);
    return rows.map((row) => map(fields, row as unknown[], q.joinsNotNullableMap));
  };
  return query;
}

/** Names of PGlite's statements built once (one per `builtOnce`, whatever the database). */
let builtCount = 0;

/**
 * A query built once per database by `build` (drizzle builds a query's SQL on every call otherwise, which cost a
 * fifth of an authenticated call's CPU in the session check alone) and kept with it: `build` returns drizzle's
 * `.prepare(name)` of a query whose values are `sql.placeholder`s, filled by each `execute`. A transaction is its
 * own database here (built again for it). On PGlite a select runs as a named statement (`namedOnPGlite`).
 */
export function builtOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const name = `vahub_built_${++builtCount}`;
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = namedOnPGlite(build(db), name);
      byDb.set(db, query);
    }
    return query;
  };
}
