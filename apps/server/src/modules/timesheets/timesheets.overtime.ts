import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { assertUnlocked } from './timesheets.locks';
import { timesheets } from './timesheets.table';

/**
 * Approved overtime (the requests module, DOMAIN.md "Requests"): `delta` minutes added to (or, when a decision
 * is reversed, taken from) the timesheet of an attendance, never below 0. Billable minutes follow, as they
 * include overtime. A week the client already decided waits for them again, as after any other change of the
 * figures (`timesheets.update.ts`). Answers the timesheet's id, or null when the attendance has none.
 */
export async function addOvertimeMinutes(
  tx: Tx,
  attendanceId: number,
  delta: number,
  now: Date = new Date(),
): Promise<number | null> {
  // Invoiced or paid time does not take overtime (issue 30): the request's decision answers 409 naming the lock.
  const [current] = await tx
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(eq(timesheets.attendanceId, attendanceId));
  if (current) await assertUnlocked(tx, [current.id]);
  const [row] = await tx
    .update(timesheets)
    .set({
      overtimeMinutes: sql`greatest(0, ${timesheets.overtimeMinutes} + ${delta})`,
      clientStatus: 'waiting',
      updatedAt: now,
    })
    .where(eq(timesheets.attendanceId, attendanceId))
    .returning({ id: timesheets.id });
  return row?.id ?? null;
}

/** The id of an attendance's timesheet, or null before the shift started. */
export async function timesheetIdOf(db: Db, attendanceId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(eq(timesheets.attendanceId, attendanceId));
  return row?.id ?? null;
}
