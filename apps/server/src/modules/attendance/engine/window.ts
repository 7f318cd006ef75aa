import { clipToContract, type Shift, shiftOn, windowDates, windowShifts } from '@vahub/shared/time/shifts';
import { and, eq, gt, gte, inArray, or } from 'drizzle-orm';
import type { Deps } from '../../../lib/types';
import type { UnitOfWork } from '../../../platform/transaction';
import { type EngineContract, engineContract } from '../../contracts/public';
import { announceAttendance } from '../attendance.announce';
import { makeupShiftsPort } from '../attendance.ports';
import { attendances } from '../attendance.table';
import { changeable, overlaps, sameShift } from './window-maths';

type Row = typeof attendances.$inferSelect;
export type RebuildResult = { removed: number; created: number; kept: number };

/** Changes to shifts starting this soon are announced (today's lists and dashboards show them). */
const ANNOUNCE_WITHIN_MS = 24 * 3_600_000;

/**
 * Where a shift moved by fix-date should be now: its schedule's wall times on its (new) date, or null when
 * it should go (its schedule was deleted, or its date left the contract's dates).
 */
function fixedTarget(row: Row, contract: EngineContract): Shift | null {
  const block = contract.schedules.find((b) => b.id === row.scheduleId);
  if (!block || !clipToContract({ from: row.date, to: row.date }, contract)) return null;
  return shiftOn(block, row.date, contract.timezone);
}

/**
 * Makes one contract's upcoming shifts match its schedule, dates, zone and status over the rolling window at
 * `now`. Only shifts that have not started and were never clocked in to change: a running, finished or past
 * shift stays as it is. Missing shifts are inserted (the unique key makes a second run a no-op), including
 * one already running, so a VA whose contract was activated mid-shift can still clock in, late. A paused,
 * ended or deleted contract keeps no future shifts. Shifts moved by fix-date stay where they were moved.
 */
export async function rebuildContractWindow(
  deps: Pick<Deps, 'realtime'>,
  uow: UnitOfWork,
  contractId: number,
  now: Date,
): Promise<RebuildResult> {
  const { tx } = uow;
  const contract = await engineContract(tx, contractId, { lock: true });
  if (!contract) return { removed: 0, created: 0, kept: 0 };
  const active = contract.status === 'active';
  const window = windowDates(now, contract.timezone);
  // Rows not over yet, and moved rows whose original date is still ahead (it must not be rebuilt).
  const rows = await tx
    .select()
    .from(attendances)
    .where(
      and(
        eq(attendances.contractId, contractId),
        or(gt(attendances.scheduledEndAt, now), gte(attendances.dateFixedFrom, window.from)),
      ),
    );
  const desired = active ? windowShifts(contract.schedules, contract.timezone, contract, now) : [];

  // An approved make-up shift has no schedule (as a shift whose block was deleted), and no schedule would build
  // it again: an active contract's rebuild keeps it.
  const unscheduled = rows.filter((r) => r.scheduleId === null).map((r) => r.id);
  const makeups =
    active && unscheduled.length
      ? await makeupShiftsPort.get().makeupShiftIds(tx, unscheduled)
      : new Set<number>();

  const remove: Row[] = [];
  const retime: Array<{ row: Row; to: Shift }> = [];
  for (const row of rows) {
    if (!changeable(row, now)) continue;
    if (!active) remove.push(row);
    else if (makeups.has(row.id)) continue;
    else if (row.dateFixedFrom !== null) {
      const to = fixedTarget(row, contract);
      if (!to) remove.push(row);
      else if (!sameShift(row, to, contract.timezone)) retime.push({ row, to });
    } else if (!desired.some((s) => sameShift(row, s, contract.timezone))) remove.push(row);
  }
  const removedIds = new Set(remove.map((r) => r.id));
  if (remove.length) {
    await tx.delete(attendances).where(
      inArray(
        attendances.id,
        remove.map((r) => r.id),
      ),
    );
  }
  for (const { row, to } of retime) {
    await tx
      .update(attendances)
      .set({
        scheduledStartAt: to.startAt,
        scheduledEndAt: to.endAt,
        timezone: contract.timezone,
        updatedAt: now,
      })
      .where(eq(attendances.id, row.id));
  }

  const remaining = rows.filter((r) => !removedIds.has(r.id));
  let kept = 0;
  const missing: Shift[] = [];
  for (const s of desired) {
    if (remaining.some((r) => sameShift(r, s, contract.timezone))) kept++;
    // Its schedule's shift of that date was moved elsewhere by fix-date.
    else if (remaining.some((r) => r.scheduleId === s.scheduleId && r.dateFixedFrom === s.date)) continue;
    // A shift that stays (running, finished, moved) already covers that time: never two at once.
    else if (remaining.some((r) => overlaps(r, s))) continue;
    else missing.push(s);
  }
  const created = missing.length
    ? await tx
        .insert(attendances)
        .values(
          missing.map((s) => ({
            organizationId: contract.organizationId,
            contractId: contract.id,
            vaId: contract.vaId,
            clientId: contract.clientId,
            scheduleId: s.scheduleId,
            date: s.date,
            timezone: contract.timezone,
            scheduledStartAt: s.startAt,
            scheduledEndAt: s.endAt,
          })),
        )
        .onConflictDoNothing({ target: [attendances.contractId, attendances.scheduledStartAt] })
        .returning()
    : [];

  // Viewers care about today's shifts appearing or going; weeks ahead they see on their next visit.
  const soon = new Date(now.getTime() + ANNOUNCE_WITHIN_MS);
  for (const row of [...remove, ...created, ...retime.map((r) => r.row)]) {
    if (row.scheduledStartAt < soon) announceAttendance(deps, uow, row);
  }
  return { removed: remove.length, created: created.length, kept };
}
