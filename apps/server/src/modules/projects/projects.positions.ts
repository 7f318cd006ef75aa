import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { rowsOf } from '../../db/rows';
import { fieldError } from '../../lib/errors';
import type { Tx } from '../../platform/transaction';

/**
 * Ordering of columns and tasks by fractional-index keys (docs/decisions.md "Order without renumbering"): a
 * row's place is `(position, id)`; a move reads its neighbours' keys in its own transaction and writes one
 * key between them. Two moves into one slot at once compute the same key: both land, ordered by id, and no
 * other row changes. Only a later move INTO such a tie must rewrite the tied rows after the slot (there is no
 * key between two equal ones), a handful of rows at most.
 */
export type OrderedSet = {
  table: PgTable;
  id: AnyPgColumn;
  position: AnyPgColumn;
  /** The column that holds the set: a task's `column_id`, a column's `project_id`. */
  group: AnyPgColumn;
};

type Keyed = { id: number; position: string };
/** The place computed for a row, and the tied rows after it that need new keys (usually none). */
export type Placement = { position: string; rewrites: Keyed[] };

const keyedRows = (result: unknown): Keyed[] =>
  rowsOf<Keyed>(result).map((r) => ({
    id: Number(r.id),
    position: r.position,
  }));

async function select(
  tx: Tx,
  set: OrderedSet,
  groupId: number,
  where: SQL,
  order: 'asc' | 'desc',
  limit?: number,
) {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  return keyedRows(
    await tx.execute(sql`
      select ${set.id} as id, ${set.position} as position from ${set.table}
      where ${set.group} = ${groupId} and ${where}
      order by ${set.position} ${dir}, ${set.id} ${dir} ${limit ? sql`limit ${limit}` : sql``}`),
  );
}

/** A row of the set by id (not `excluding`), or null. */
async function member(tx: Tx, set: OrderedSet, groupId: number, id: number, excluding: number | null) {
  if (id === excluding) return null;
  const [row] = await select(tx, set, groupId, sql`${set.id} = ${id}`, 'asc', 1);
  return row ?? null;
}

const others = (set: OrderedSet, excluding: number | null) =>
  excluding === null ? sql`true` : sql`${set.id} <> ${excluding}`;

/** The key after the set's last row: where a new row goes. */
export async function endOf(tx: Tx, set: OrderedSet, groupId: number): Promise<string> {
  const [last] = await select(tx, set, groupId, sql`true`, 'desc', 1);
  return generateKeyBetween(last?.position ?? null, null);
}

/** `n` keys after the set's last row, in order (rows moved in at the end, in their order). */
export async function endKeys(tx: Tx, set: OrderedSet, groupId: number, n: number): Promise<string[]> {
  const [last] = await select(tx, set, groupId, sql`true`, 'desc', 1);
  return generateNKeysBetween(last?.position ?? null, null, n);
}

/** Right after `prev` (null: at the top), among the set's rows other than `excluding`. */
async function after(tx: Tx, set: OrderedSet, groupId: number, prev: Keyed | null, excluding: number | null) {
  const rest = others(set, excluding);
  if (!prev) {
    const [first] = await select(tx, set, groupId, rest, 'asc', 1);
    return { position: generateKeyBetween(null, first?.position ?? null), rewrites: [] };
  }
  const later = sql`(${set.position}, ${set.id}) > (${prev.position}, ${prev.id})`;
  const [next] = await select(tx, set, groupId, sql`${rest} and ${later}`, 'asc', 1);
  if (!next || next.position !== prev.position) {
    return { position: generateKeyBetween(prev.position, next?.position ?? null), rewrites: [] };
  }
  // A tie at the slot: the new row and the tied rows after `prev` share the keys up to the next distinct one.
  const tied = await select(
    tx,
    set,
    groupId,
    sql`${rest} and ${set.position} = ${prev.position} and ${set.id} > ${prev.id}`,
    'asc',
  );
  const [beyond] = await select(
    tx,
    set,
    groupId,
    sql`${rest} and ${set.position} > ${prev.position}`,
    'asc',
    1,
  );
  const keys = generateNKeysBetween(prev.position, beyond?.position ?? null, tied.length + 1);
  return { position: keys[0], rewrites: tied.map((row, i) => ({ id: row.id, position: keys[i + 1] })) };
}

/**
 * Where a row goes: right after `afterId`, else right before `beforeId`, else at the top. A neighbour that is
 * not in the set (another column, the row itself) answers 422 on its field with `message`.
 */
export async function placeAt(
  tx: Tx,
  set: OrderedSet,
  groupId: number,
  target: { afterId?: number | null; beforeId?: number | null; excluding: number | null },
  message: string,
): Promise<Placement> {
  const { afterId, beforeId, excluding } = target;
  if (afterId) {
    const prev = await member(tx, set, groupId, afterId, excluding);
    if (!prev) throw fieldError('after_id', message);
    return after(tx, set, groupId, prev, excluding);
  }
  if (beforeId) {
    const next = await member(tx, set, groupId, beforeId, excluding);
    if (!next) throw fieldError('before_id', message);
    const earlier = sql`(${set.position}, ${set.id}) < (${next.position}, ${next.id})`;
    const [prev] = await select(tx, set, groupId, sql`${others(set, excluding)} and ${earlier}`, 'desc', 1);
    return after(tx, set, groupId, prev ?? null, excluding);
  }
  return after(tx, set, groupId, null, excluding);
}

/** Writes the keys of a tie's rows (see `after`). */
export async function rewrite(tx: Tx, set: OrderedSet, rows: Keyed[]) {
  for (const row of rows)
    await tx.execute(sql`update ${set.table} set position = ${row.position} where ${set.id} = ${row.id}`);
}
