import { and, eq } from 'drizzle-orm';
import { holdsAny, replacedJson } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { directorySyncs } from './directory.table';

// Erasure (issue 33): an erased person's name and email leave the directory syncs' results.

export async function eraseFromDirectory(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const s = directorySyncs;
  await tx
    .update(s)
    .set({ result: replacedJson(s.result, needles, alias) })
    .where(and(eq(s.organizationId, organizationId), holdsAny([s.result], needles)));
}
