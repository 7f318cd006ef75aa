import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { billingEvents } from './billing.table';

export async function eventSeen(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
  return Boolean(row);
}

/** Records the event once: false when its id was recorded already (a replay, or a delivery racing this one). */
export async function recordEvent(
  tx: Tx,
  event: { id: string; type: string; organizationId: number | null },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .insert(billingEvents)
    .values({ id: event.id, type: event.type, organizationId: event.organizationId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}
