/** `%term%` for ILIKE, with the user's own `%`, `_` and `\` taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
