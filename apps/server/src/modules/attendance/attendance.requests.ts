import { and, asc, between, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/types';
import type { UnitOfWork } from '../../platform/transaction';
import { announceAttendance } from './attendance.announce';
import { attendances } from './attendance.table';

// What the requests module does to shifts (DOMAIN.md "Requests"): leave marks them `on_leave` and a reversal
// puts them back, a make-up shift is an extra attendance. Every changed shift is announced after commit.

type Row = typeof attendances.$inferSelect;
type Announce = Pick<Deps, 'realtime'>;
export type DateRange = { from: string; to: string };

/** Shifts a leave may take: never started, and upcoming or already marked absent. */
const LEAVE_TAKES = ['upcoming', 'absent'] as const;

const ofContractBetween = (contractId: number, range: DateRange) =>
  and(
    eq(attendances.contractId, contractId),
    between(attendances.date, range.from, range.to),
    isNull(attendances.startedAt),
  );

/**
 * A contract's shifts on local dates in the range that a leave would put on leave (`would`), or that it did
 * (`did`: those on leave), in start order.
 */
export function leaveShifts(db: Db, contractId: number, range: DateRange, which: 'would' | 'did') {
  return db
    .select()
    .from(attendances)
    .where(
      and(
        ofContractBetween(contractId, range),
        which === 'did' ? eq(attendances.status, 'on_leave') : inArray(attendances.status, [...LEAVE_TAKES]),
      ),
    )
    .orderBy(asc(attendances.scheduledStartAt));
}

/** Approval of a leave: the contract's never-started upcoming or absent shifts of the range go on leave. */
export async function markOnLeave(
  deps: Announce,
  uow: UnitOfWork,
  contractId: number,
  range: DateRange,
  now: Date,
) {
  const rows = await uow.tx
    .update(attendances)
    .set({ status: 'on_leave', updatedAt: now })
    .where(and(ofContractBetween(contractId, range), inArray(attendances.status, [...LEAVE_TAKES])))
    .returning();
  for (const row of rows) announceAttendance(deps, uow, row);
  return rows;
}

/** A reversed leave: its shifts come back, `absent` when their scheduled end has passed, else `upcoming`. */
export async function returnFromLeave(
  deps: Announce,
  uow: UnitOfWork,
  contractId: number,
  range: DateRange,
  now: Date,
) {
  const rows = await uow.tx
    .update(attendances)
    .set({
      status: sql`case when ${attendances.scheduledEndAt} <= ${now.toISOString()}::timestamptz then 'absent' else 'upcoming' end`,
      updatedAt: now,
    })
    .where(and(ofContractBetween(contractId, range), eq(attendances.status, 'on_leave')))
    .returning();
  for (const row of rows) announceAttendance(deps, uow, row);
  return rows;
}

/**
 * The first shift of the VA (any contract) overlapping [startAt, endAt), or undefined. Shifts touching end to
 * start do not overlap.
 */
export async function vaShiftOverlapping(
  db: Db,
  vaId: number,
  interval: { startAt: Date; endAt: Date },
  exceptId?: number | null,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(attendances)
    .where(
      and(
        eq(attendances.vaId, vaId),
        lt(attendances.scheduledStartAt, interval.endAt),
        gt(attendances.scheduledEndAt, interval.startAt),
        exceptId ? ne(attendances.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(attendances.scheduledStartAt))
    .limit(1);
  return row;
}

export type MakeupShift = {
  organizationId: number;
  contractId: number;
  vaId: number;
  clientId: number;
  date: string;
  timezone: string;
  startAt: Date;
  endAt: Date;
};

/** An approved make-up shift: an extra attendance outside the schedule (no schedule id), upcoming. */
export async function createMakeupShift(deps: Announce, uow: UnitOfWork, shift: MakeupShift, now: Date) {
  const [row] = await uow.tx
    .insert(attendances)
    .values({
      organizationId: shift.organizationId,
      contractId: shift.contractId,
      vaId: shift.vaId,
      clientId: shift.clientId,
      scheduleId: null,
      date: shift.date,
      timezone: shift.timezone,
      scheduledStartAt: shift.startAt,
      scheduledEndAt: shift.endAt,
      status: 'upcoming',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  announceAttendance(deps, uow, row);
  return row;
}

/**
 * Removes a make-up shift that never started (locked first, so a clock-in cannot slip in between). Answers
 * `started` when it has (it then stays), `gone` when it no longer exists, else `removed`.
 */
export async function removeMakeupShift(
  deps: Announce,
  uow: UnitOfWork,
  attendanceId: number,
): Promise<'removed' | 'started' | 'gone'> {
  const [row] = await uow.tx.select().from(attendances).where(eq(attendances.id, attendanceId)).for('update');
  if (!row) return 'gone';
  if (row.startedAt !== null || row.status === 'ongoing' || row.status === 'completed') return 'started';
  await uow.tx.delete(attendances).where(eq(attendances.id, row.id));
  announceAttendance(deps, uow, row);
  return 'removed';
}

/** One attendance of the organization, or undefined. */
export async function attendanceOf(db: Db, organizationId: number, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(attendances)
    .where(and(eq(attendances.id, id), eq(attendances.organizationId, organizationId)));
  return row;
}
