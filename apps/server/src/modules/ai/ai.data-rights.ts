import { and, eq } from 'drizzle-orm';
import { holdsAny, replacedJson, replacedText } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { aiReports, aiResults } from './ai.table';

// Erasure (issue 33): an erased person's name and email leave the AI analyses and reports written about them.

export async function eraseFromAi(tx: Tx, organizationId: number, needles: string[], alias: string) {
  for (const t of [aiResults, aiReports]) {
    await tx
      .update(t)
      .set({
        markdown: replacedText(t.markdown, needles, alias),
        claims: replacedJson(t.claims, needles, alias),
        signals: replacedJson(t.signals, needles, alias),
        error: replacedText(t.error, needles, alias),
      })
      .where(
        and(
          eq(t.organizationId, organizationId),
          holdsAny([t.markdown, t.claims, t.signals, t.error], needles),
        ),
      );
  }
  await tx
    .update(aiResults)
    .set({ note: replacedText(aiResults.note, needles, alias) })
    .where(and(eq(aiResults.organizationId, organizationId), holdsAny([aiResults.note], needles)));
}
