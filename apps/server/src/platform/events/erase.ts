import { and, eq } from 'drizzle-orm';
import { holdsAny, replacedJson } from '../../lib/data-scope';
import type { Tx } from '../transaction';
import { domainEvents } from './events.table';

/**
 * Erasure (issue 33): an erased person's name and email leave the stored domain events' payloads, so a consumer
 * that has not read an event yet (a webhook's fan-out) sends the alias.
 */
export async function eraseFromEvents(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const e = domainEvents;
  await tx
    .update(e)
    .set({ payload: replacedJson(e.payload, needles, alias) })
    .where(and(eq(e.organizationId, organizationId), holdsAny([e.payload], needles)));
}
