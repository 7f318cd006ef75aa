/** `%term%` for ILIKE, with the user's own `%`, `_` and `\` taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQLSTATE of a database error; drizzle may wrap the driver's error in `cause`. */
function sqlState(err: unknown): unknown {
  const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  const cause = err && typeof err === 'object' && 'cause' in err ? err.cause : undefined;
  return codeOf(err) ?? codeOf(cause);
}

/** A unique index refused the write (two requests raced past the check). */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/**
 * A foreign key refused a delete: other rows still point at this one (its history). `ON DELETE RESTRICT`
 * answers 23001, the default `NO ACTION` 23503.
 */
export const isForeignKeyViolation = (err: unknown): boolean => {
  const state = sqlState(err);
  return state === '23503' || state === '23001';
};
