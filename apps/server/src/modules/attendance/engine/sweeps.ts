import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../../lib/types';
import { activeContractIds, lateGraceMinutesSql } from '../../contracts/public';
import { announceAttendance } from '../attendance.announce';
import { appendLogs } from '../attendance.logs';
import { attendances } from '../attendance.table';
import { type RebuildResult, rebuildContractWindow } from './window';

type SweepDeps = Pick<Deps, 'transaction' | 'events' | 'realtime' | 'db' | 'log'>;

/** Rows per transaction: a backlog (a server down for a day) is worked through in bounded steps. */
const BATCH = 500;

/**
 * Marks `absent` every upcoming shift whose scheduled end has passed without a clock-in: a log entry, the
 * event `attendance.absent` and `attendance.changed` for each. A shift is taken once (the status changes in
 * the same statement; `SKIP LOCKED` lets two instances share a backlog). Returns how many were marked.
 */
export async function sweepAbsences(deps: SweepDeps, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const marked = await deps.transaction(async (uow) => {
      const due = uow.tx
        .select({ id: attendances.id })
        .from(attendances)
        .where(and(eq(attendances.status, 'upcoming'), lte(attendances.scheduledEndAt, now)))
        .orderBy(asc(attendances.scheduledEndAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await uow.tx
        .update(attendances)
        .set({ status: 'absent', updatedAt: now })
        .where(and(inArray(attendances.id, due), eq(attendances.status, 'upcoming')))
        .returning();
      await appendLogs(
        uow.tx,
        rows.map((row) => ({ attendance: row, type: 'absent' as const, at: row.scheduledEndAt })),
      );
      for (const row of rows) {
        await deps.events.raise(uow, row.organizationId, 'attendance.absent', {
          attendance_id: row.id,
          va_id: row.vaId,
          client_id: row.clientId,
          contract_id: row.contractId,
          date: row.date,
        });
        announceAttendance(deps, uow, row);
      }
      return rows.length;
    });
    total += marked;
    if (marked < BATCH) return total;
  }
}

/**
 * The late alert: an upcoming shift past its start plus the contract's grace, still without a clock-in, gets
 * `late_alerted_at` and raises `attendance.late` once. Shifts already over are the absence sweep's (run it
 * first). Returns how many were alerted.
 */
export async function sweepLate(deps: SweepDeps, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const alerted = await deps.transaction(async (uow) => {
      const due = uow.tx
        .select({ id: attendances.id })
        .from(attendances)
        .where(
          and(
            eq(attendances.status, 'upcoming'),
            isNull(attendances.lateAlertedAt),
            // The partial index narrows by start; the grace is each contract's own.
            lte(attendances.scheduledStartAt, now),
            sql`${attendances.scheduledStartAt} + make_interval(mins => ${lateGraceMinutesSql(attendances.contractId)}) <= ${now.toISOString()}::timestamptz`,
            gt(attendances.scheduledEndAt, now),
          ),
        )
        .orderBy(asc(attendances.scheduledStartAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const rows = await uow.tx
        .update(attendances)
        .set({ lateAlertedAt: now })
        .where(and(inArray(attendances.id, due), isNull(attendances.lateAlertedAt)))
        .returning();
      for (const row of rows) {
        await deps.events.raise(uow, row.organizationId, 'attendance.late', {
          attendance_id: row.id,
          va_id: row.vaId,
          client_id: row.clientId,
          contract_id: row.contractId,
          scheduled_start_at: row.scheduledStartAt.toISOString(),
        });
      }
      return rows.length;
    });
    total += alerted;
    if (alerted < BATCH) return total;
  }
}

/** Contracts per page of the window job; each contract is rebuilt in its own transaction. */
const CONTRACTS_PER_PAGE = 100;

/**
 * The daily job: rebuilds the window of every active contract at `now`, so the window keeps reaching four
 * weeks ahead (and anything a missed event left behind is put right). One contract failing is logged and
 * does not stop the others; the job fails at the end so pg-boss retries it.
 */
export async function extendWindow(
  deps: SweepDeps,
  now: Date,
): Promise<RebuildResult & { contracts: number }> {
  const totals = { removed: 0, created: 0, kept: 0, contracts: 0 };
  let failed = 0;
  let after = 0;
  for (;;) {
    const ids = await activeContractIds(deps.db, after, CONTRACTS_PER_PAGE);
    for (const id of ids) {
      try {
        const r = await deps.transaction((uow) => rebuildContractWindow(deps, uow, id, now));
        totals.removed += r.removed;
        totals.created += r.created;
        totals.kept += r.kept;
        totals.contracts++;
      } catch (err) {
        failed++;
        deps.log.error({ err, contract_id: id }, 'attendance: rebuilding a contract window failed');
      }
    }
    if (ids.length < CONTRACTS_PER_PAGE) break;
    after = ids[ids.length - 1];
  }
  if (failed) throw new Error(`attendance: ${failed} contract window(s) could not be rebuilt`);
  return totals;
}
