import type { scheduledShiftSchema, scheduledTodayQuerySchema } from '@vahub/shared/contracts/schemas';
import { blockRunsOn, occurrenceOn } from '@vahub/shared/time/schedule-blocks';
import { localDate } from '@vahub/shared/time/zoned';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { toBlock, toPerson } from './contracts.mapper';
import { paginateList } from './contracts.people';
import { findSchedules } from './contracts.repository';
import { contractsVisibleTo } from './contracts.scope';
import { contracts } from './contracts.table';

type Query = z.output<typeof scheduledTodayQuerySchema>;
type Shift = z.infer<typeof scheduledShiftSchema>;

/**
 * "Who is scheduled today": every block of an active contract that starts on `date`, where the date is the
 * contract's own (the schedule's zone, by default the client's). Defaults to today in the viewer's zone.
 * Start and end are instants, so the screen shows them in the VA's and the client's zones alike.
 */
export async function scheduledOn(deps: Deps, viewer: Viewer, q: Query) {
  const date = q.date ?? localDate(deps.clock.now(), viewer.timezone || 'UTC');
  const rows = await findSchedules(
    deps.db,
    and(
      contractsVisibleTo(viewer),
      eq(contracts.status, 'active'),
      q.client_id ? eq(contracts.clientId, q.client_id) : undefined,
      q.va_id ? eq(contracts.vaId, q.va_id) : undefined,
    ),
  );
  const shifts: Shift[] = [];
  for (const r of rows) {
    const c = r.contract;
    if (date < c.startDate || (c.endDate && date > c.endDate)) continue;
    const block = toBlock(r.schedule);
    if (!blockRunsOn(block, date)) continue;
    const occ = occurrenceOn(block, date, c.timezone);
    shifts.push({
      schedule_id: r.schedule.id,
      date,
      start_at: occ.start.toISOString(),
      end_at: occ.end.toISOString(),
      start_minute: block.start_minute,
      end_minute: block.end_minute,
      timezone: c.timezone,
      contract: { id: c.id, title: c.title, status: c.status },
      va: toPerson(r.va),
      client: toPerson(r.client),
    });
  }
  shifts.sort((a, b) => a.start_at.localeCompare(b.start_at) || a.schedule_id - b.schedule_id);
  return { date, ...paginateList(shifts, q) };
}
