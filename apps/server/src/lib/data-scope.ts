import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Whose rows a data export reads (issue 33), decided by the data-rights module and handed to every module's
 * export read: the whole organization (`userIds` null), a client's (their contracts, themself and the VAs of
 * those contracts) or a VA's (themself). `selfId` is the client or VA who asked (their own notifications and
 * audit entries), null for an organization export.
 */
export type DataScope = {
  organizationId: number;
  /** The people whose rows are included; null: everyone of the organization. */
  userIds: number[] | null;
  /** Rows of this client's contracts only. */
  clientId: number | null;
  /** Rows of this VA only. */
  vaId: number | null;
  selfId: number | null;
};

/** Rows of an export, in batches, as plain JSON-able objects. */
export type RowBatches = AsyncIterable<Array<Record<string, unknown>>>;

/** The predicate of a table with organization, VA and client columns (those it has) for a scope. */
export function scopeWhere(
  scope: DataScope,
  columns: { organization: AnyPgColumn; va?: AnyPgColumn; client?: AnyPgColumn },
): SQL {
  return and(
    eq(columns.organization, scope.organizationId),
    scope.vaId !== null && columns.va ? eq(columns.va, scope.vaId) : undefined,
    scope.clientId !== null && columns.client ? eq(columns.client, scope.clientId) : undefined,
    // A scope naming neither (a client or VA export) of a table without that column: nothing.
    (scope.vaId !== null && !columns.va) || (scope.clientId !== null && !columns.client)
      ? sql`false`
      : undefined,
  ) as SQL;
}

/** `column in (ids)`, or `true` for null (everyone). */
export const amongOrAll = (column: AnyPgColumn, ids: number[] | null): SQL =>
  ids === null ? sql`true` : ids.length ? inArray(column, ids) : sql`false`;

/**
 * Reads a table in pages by its numeric `id` (keyset), so an export holds one page in memory at a time.
 * `page(after)` answers the rows with ids above `after`, in id order, at most `size`.
 */
export async function* keysetBatches<R extends { id: number }>(
  page: (afterId: number, size: number) => Promise<R[]>,
  size = 500,
): AsyncGenerator<R[]> {
  let after = 0;
  for (;;) {
    const rows = await page(after, size);
    if (!rows.length) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}

/** `id > after` for a keyset page. */
export const after = (column: AnyPgColumn, id: number) => gt(column, id);

/** A JSON-escaped needle for a text replace inside a `jsonb` value cast to text. */
export const jsonNeedle = (text: string) => JSON.stringify(text).slice(1, -1);

/** `replace(column, needle, alias)` for each needle, nested (an erasure's text replace). */
export const replacedText = (column: SQL | AnyPgColumn, needles: string[], alias: string): SQL =>
  needles.reduce<SQL>((expr, needle) => sql`replace(${expr}, ${needle}, ${alias})`, sql`${column}`);

/** The same inside a `jsonb` value: replaced in its text, parsed again. */
export const replacedJson = (column: AnyPgColumn, needles: string[], alias: string): SQL =>
  sql`(${replacedText(sql`${column}::text`, needles.map(jsonNeedle), jsonNeedle(alias))})::jsonb`;

/** Whether any of the columns' texts holds any needle. */
export const holdsAny = (columns: Array<SQL | AnyPgColumn>, needles: string[]): SQL =>
  sql`(${sql.join(
    needles.flatMap((n) => columns.map((c) => sql`strpos(${c}::text, ${n}) > 0`)),
    sql` or `,
  )})`;
