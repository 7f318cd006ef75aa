import { msg } from '@vahub/shared/api/messages';
import { CONTRACT_MESSAGES } from '@vahub/shared/contracts/messages';
import { formatUtcDate, maxDate } from '@vahub/shared/time/dates';
import {
  type DateWindow,
  findScheduleConflict,
  overlapHorizon,
  type WeeklyBlock,
  type ZonedSchedule,
} from '@vahub/shared/time/schedule-blocks';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockText, instantText } from '../../lib/clock-text';
import { AppError } from '../../lib/errors';
import { clockOf } from '../people/public';
import { toBlock } from './contracts.mapper';
import { type ContractRow, schedulesByContract } from './contracts.repository';
import { contracts } from './contracts.table';

/** How far ahead a VA's contracts are compared (plus a fortnight around each DST change of the next year). */
export const OVERLAP_WEEKS = 8;

/**
 * Refuses when `blocks` of `contract` (in its zone) meet any block of the VA's other active contracts in
 * absolute time, in words for `readerId` (their clock and zone). The caller holds the VA lock (`lockVa`) so two changes cannot both pass.
 */
export async function assertNoVaOverlap(
  db: Db,
  contract: ContractRow,
  blocks: WeeklyBlock[],
  now: Date,
  readerId: number,
  field = 'start_minute',
) {
  if (!blocks.length) return;
  const others = await db
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.organizationId, contract.organizationId),
        eq(contracts.vaId, contract.vaId),
        eq(contracts.status, 'active'),
        ne(contracts.id, contract.id),
      ),
    );
  if (!others.length) return;
  const byContract = await schedulesByContract(
    db,
    others.map((o) => o.id),
  );
  const mine: ZonedSchedule = {
    timeZone: contract.timezone,
    blocks,
    startDate: contract.startDate,
    endDate: contract.endDate,
  };
  const from = maxDate(formatUtcDate(now.getTime()), contract.startDate);
  for (const other of others) {
    const theirs: ZonedSchedule = {
      timeZone: other.timezone,
      blocks: (byContract.get(other.id) ?? []).map(toBlock),
      startDate: other.startDate,
      endDate: other.endDate,
    };
    const windows: DateWindow[] = overlapHorizon(from, [contract.timezone, other.timezone], OVERLAP_WEEKS);
    const conflict = findScheduleConflict(mine, theirs, windows);
    if (conflict) {
      // Worded for the reader (the one changing the schedule): their clock, their zone for the instants.
      const clock = await clockOf(db, readerId);
      const message = msg(CONTRACT_MESSAGES.va_overlap, {
        block: blockText(conflict.a.block, clock.hour12),
        title: other.title,
        from: instantText(conflict.b.start, clock),
        to: instantText(conflict.b.end, clock),
      });
      throw new AppError('validation', message, { [field]: [message] });
    }
  }
}
