import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/transaction';
import { calendarFeeds } from './calendar.table';

// Erasure (issue 33): an erased person's calendar links stop for good (a deactivated owner's already answer 404).

export async function eraseCalendarFeedsOf(tx: Tx, userId: number): Promise<void> {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
