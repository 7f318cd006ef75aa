import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import { and, eq, lte, ne, or } from 'drizzle-orm';
import { AppError } from '../../../lib/errors';
import type { Tx } from '../../../platform/transaction';
import { attendances } from '../attendance.table';

/**
 * Before a contract is deleted (in its transaction): refuses with 409 when it has attendance history, else
 * deletes its shifts that never happened, so the delete does not trip on their foreign key. History is any
 * shift clocked in to, on leave or absent, and any shift whose scheduled end has passed (an absence the
 * sweep has not marked yet). Shifts still ahead, or running without a clock-in, go with the contract.
 */
export async function releaseContractAttendances(tx: Tx, contractId: number, now: Date): Promise<void> {
  const [history] = await tx
    .select({ id: attendances.id })
    .from(attendances)
    .where(
      and(
        eq(attendances.contractId, contractId),
        or(ne(attendances.status, 'upcoming'), lte(attendances.scheduledEndAt, now)),
      ),
    )
    .limit(1);
  if (history) throw new AppError('conflict', M.contract_has_history);
  await tx.delete(attendances).where(eq(attendances.contractId, contractId));
}
