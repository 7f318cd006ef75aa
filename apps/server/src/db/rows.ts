/**
 * The rows of a raw `db.execute(sql…)`. Both drivers answer `{ rows }` (PGlite's `Results`, node-postgres'
 * `QueryResult`), but `Db` is typed for either, so its `execute` says nothing about them: this is the one place
 * that reads them, typed by the caller as the columns the query selects.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
