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
import { describeBlock } from '@vahub/shared/time/weekdays';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toBlock } from './contracts.mapper';
import { type ContractRow, schedulesByContract } from './contracts.repository';
import { contracts } from './contracts.table';

/** How far ahead a VA's contracts are compared (plus a fortnight around each DST change of the next year). */
export const OVERLAP_WEEKS = 8;

/**
 * Refuses when `blocks` of `contract` (in its zone) meet any block of the VA's other active contracts in
 * absolute time. The caller holds the VA lock (`lockVa`) so two changes cannot both pass.
 */
export async function assertNoVaOverlap(
  db: Db,
  contract: ContractRow,
  blocks: WeeklyBlock[],
  now: Date,
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
      const message = msg(CONTRACT_MESSAGES.va_overlap, {
        block: describeBlock(conflict.a.block),
        date: conflict.a.date,
        title: other.title,
        id: other.id,
        other: describeBlock(conflict.b.block),
        timezone: other.timezone,
        from: conflict.b.start.toISOString(),
        to: conflict.b.end.toISOString(),
      });
      throw new AppError('validation', message, { [field]: [message] });
    }
  }
}
