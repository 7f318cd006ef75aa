import type { Evidence, EvidencePack, Signal } from '../evidence/pack-types';

/** A claim as an analyst writes it: text citing evidence ids. */
export type DraftClaim = { text: string; evidence: string[] };

/** What an analyst (the model or the built-in one) hands back before the server checks it. */
export type Draft = { markdown: string; claims: DraftClaim[] };

export type CheckedClaim = {
  text: string;
  evidence: Array<Pick<Evidence, 'id' | 'label' | 'value' | 'page'>>;
};

/**
 * Keeps the claims whose every cited id exists in the packs (and that cite at least one), with the evidence they
 * cite; counts the rest. A claim the model made up, or that cites a fact of another shift, never reaches a reader.
 */
export function checkClaims(packs: EvidencePack[], claims: DraftClaim[]) {
  const byId = new Map<string, CheckedClaim['evidence'][number]>();
  for (const p of packs) {
    for (const f of p.facts) byId.set(f.id, { id: f.id, label: f.label, value: f.value, page: f.page });
    for (const s of p.signals) byId.set(s.id, signalEvidence(s));
  }
  const kept: CheckedClaim[] = [];
  let dropped = 0;
  for (const c of claims) {
    const ids = [...new Set(c.evidence)];
    if (!c.text.trim() || ids.length === 0 || ids.some((id) => !byId.has(id))) {
      dropped += 1;
      continue;
    }
    kept.push({
      text: c.text.trim(),
      evidence: ids.map((id) => byId.get(id) as CheckedClaim['evidence'][number]),
    });
  }
  return { kept, dropped };
}

const signalEvidence = (s: Signal) => ({
  id: s.id,
  label: `Needs review: ${s.rule.replace(/_/g, ' ')} (${s.confidence} confidence)`,
  value: `${s.observed}, ${s.from}–${s.to}. Rule: ${s.threshold}.`,
  page: s.page,
});

/** The claims as markdown, each followed by links to its evidence (relative to the dashboard's root). */
export function claimsMarkdown(claims: CheckedClaim[]) {
  if (!claims.length) return '';
  const lines = claims.map(
    (c) => `- ${c.text} ${c.evidence.map((e) => `[${escapeLabel(e.id)}](${e.page})`).join(' ')}`,
  );
  return `\n\n## Evidence\n\n${lines.join('\n')}\n`;
}

const escapeLabel = (s: string) => s.replace(/[[\]]/g, '');

/** The signals of the packs, for the stored result (shown with their rule and threshold). */
export const signalsOf = (packs: EvidencePack[]) => packs.flatMap((p) => p.signals);
