import { and, eq } from 'drizzle-orm';
import { holdsAny, replacedJson } from '../../lib/data-scope';
import type { Tx } from '../../platform/transaction';
import { webhookDeliveries } from './webhooks.table';

// Erasure (issue 33): an erased person's name and email leave the delivery log's payloads (a redelivery sends the alias).

export async function eraseFromWebhooks(tx: Tx, organizationId: number, needles: string[], alias: string) {
  const d = webhookDeliveries;
  await tx
    .update(d)
    .set({ payload: replacedJson(d.payload, needles, alias) })
    .where(and(eq(d.organizationId, organizationId), holdsAny([d.payload], needles)));
}
