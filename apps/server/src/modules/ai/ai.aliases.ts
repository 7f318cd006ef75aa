/**
 * Stable aliases for the people a report is about: `VA-1`, `VA-2`, … by ascending user id, so the same people give
 * the same aliases (and the same input hash). The model sees only aliases; the result gets the names back.
 */
export function aliasesFor(vaIds: number[]) {
  const sorted = [...new Set(vaIds)].sort((a, b) => a - b);
  return new Map(sorted.map((id, i) => [id, `VA-${i + 1}`]));
}

/** Puts the names back where the text names an alias (`VA-1`, never `VA-10`'s prefix). */
export function restoreNames(text: string, aliases: Map<number, string>, names: Map<number, string>) {
  const byAlias = new Map([...aliases].map(([id, alias]) => [alias, names.get(id) ?? alias]));
  return text.replace(/\bVA-\d+\b/g, (alias) => byAlias.get(alias) ?? alias);
}
