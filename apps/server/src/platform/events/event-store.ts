import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../transaction';
import { domainEvents, eventConsumers, eventFailures } from './events.table';

/** A position in the event stream: events are read in `(tx_id, id)` order. */
export type Cursor = { txId: string; eventId: number };

export type StoredEvent = typeof domainEvents.$inferSelect;

/** A new consumer starts before the first event, so it reads the whole history. */
export async function ensureCursor(db: Db, consumer: string) {
  await db.insert(eventConsumers).values({ name: consumer }).onConflictDoNothing();
}

/**
 * Locks the consumer's cursor for this transaction. Null when another dispatcher (another instance) holds it:
 * that one is handling this consumer's events right now, so this one skips instead of waiting.
 */
export async function lockCursor(tx: Tx, consumer: string): Promise<Cursor | null> {
  const [row] = await tx
    .select({ txId: eventConsumers.lastTxId, eventId: eventConsumers.lastEventId })
    .from(eventConsumers)
    .where(eq(eventConsumers.name, consumer))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * The next events after `cursor`, in `(tx_id, id)` order, each marked `settled` when its place in that order
 * is final. Only settled events may be handled.
 *
 * Why `tx_id < pg_snapshot_xmin(pg_current_snapshot())`: ids and transaction ids are handed out when a
 * transaction writes, but transactions commit in any order. If transaction A (tx 100) inserts an event,
 * then B (tx 101) inserts one and commits first, a reader that took B's event and moved its cursor to
 * (101, …) would never see A's event once A commits: it sorts before the cursor. The snapshot's xmin is
 * the oldest transaction still running; every transaction below it has finished, so no event with a
 * smaller `tx_id` can appear any more. Handling only events below xmin means the stream never grows behind
 * the cursor: B's event waits until A has finished, then both are handled, A's first.
 */
export async function readBatch(
  tx: Tx,
  cursor: Cursor,
  limit: number,
): Promise<Array<StoredEvent & { settled: boolean }>> {
  return tx
    .select({
      ...getTableColumns(domainEvents),
      settled: sql<boolean>`${domainEvents.txId} < pg_snapshot_xmin(pg_current_snapshot())`,
    })
    .from(domainEvents)
    .where(sql`(${domainEvents.txId}, ${domainEvents.id}) > (${cursor.txId}::xid8, ${cursor.eventId})`)
    .orderBy(asc(domainEvents.txId), asc(domainEvents.id))
    .limit(limit);
}

export async function advanceCursor(tx: Tx, consumer: string, cursor: Cursor, now: Date) {
  await tx
    .update(eventConsumers)
    .set({ lastTxId: cursor.txId, lastEventId: cursor.eventId, updatedAt: now })
    .where(eq(eventConsumers.name, consumer));
}

/** A dead letter: the consumer gave up on this event and moves past it. */
export async function recordFailure(
  tx: Tx,
  failure: { consumer: string; eventId: number; error: string; attempts: number; failedAt: Date },
) {
  await tx.insert(eventFailures).values(failure);
}
