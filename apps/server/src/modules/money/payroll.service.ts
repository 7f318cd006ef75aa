import { msg } from '@vahub/shared/api/messages';
import { MONEY_MESSAGES as M } from '@vahub/shared/money/messages';
import type {
  PayrollRun,
  PayrollRunDetail,
  PayrollStatus,
  payrollCreateSchema,
  payrollQuerySchema,
} from '@vahub/shared/money/schemas';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import type { Tx } from '../../platform/transaction';
import { contractRates, toPerson } from '../contracts/public';
import { peopleByIds } from '../people/public';
import {
  approvedTimesheets,
  type BillableTimesheet,
  lockTimesheets,
  releaseLocks,
} from '../timesheets/public';
import { payrollLines, payrollRuns, payrollTimesheets } from './money.table';
import { payCents, payNumerator } from './money-maths';

export const PAYROLL_ENTITY = 'payroll_run';
type RunRow = typeof payrollRuns.$inferSelect;

export const payrollNotFound = () => new AppError('not_found', M.payroll_not_found);

type Line = {
  vaId: number;
  currency: string;
  workedMinutes: number;
  billableMinutes: number;
  overtimeMinutes: number;
  unpricedMinutes: number;
  numerator: number;
  timesheetCount: number;
};

/**
 * Per VA and pay currency: worked, billable and overtime minutes, and the pay: regular minutes at the contract's
 * pay rate, overtime at the rate × the contract's multiplier, summed exactly and rounded once per line. Minutes
 * of contracts without a pay rate are counted as `unpriced` and paid 0 (the screen flags them).
 */
export async function payLines(db: Db | Tx, rows: BillableTimesheet[]) {
  const rates = await contractRates(
    db,
    rows.map((r) => r.contractId),
  );
  const lines = new Map<string, Line>();
  for (const r of rows) {
    const rate = rates.get(r.contractId);
    if (!rate) continue;
    const key = `${r.vaId}:${rate.payCurrency}`;
    let line = lines.get(key);
    if (!line) {
      line = {
        vaId: r.vaId,
        currency: rate.payCurrency,
        workedMinutes: 0,
        billableMinutes: 0,
        overtimeMinutes: 0,
        unpricedMinutes: 0,
        numerator: 0,
        timesheetCount: 0,
      };
      lines.set(key, line);
    }
    line.workedMinutes += r.workedMinutes;
    line.billableMinutes += r.billableMinutes;
    line.overtimeMinutes += Math.min(r.overtimeMinutes, r.billableMinutes);
    line.timesheetCount += 1;
    if (rate.payRateCents === null) line.unpricedMinutes += r.billableMinutes;
    else
      line.numerator += payNumerator(
        r.billableMinutes,
        r.overtimeMinutes,
        rate.payRateCents,
        rate.overtimeMultiplierHundredths,
      );
  }
  return [...lines.values()].map((l) => ({ ...l, amountCents: payCents(l.numerator) }));
}

async function toRuns(db: Db | Tx, rows: RunRow[]): Promise<PayrollRun[]> {
  const ids = rows.map((r) => r.id);
  const totals = ids.length
    ? await db
        .select({
          runId: payrollLines.runId,
          currency: payrollLines.currency,
          amount: sql<number>`sum(${payrollLines.amountCents})::int`,
        })
        .from(payrollLines)
        .where(inArray(payrollLines.runId, ids))
        .groupBy(payrollLines.runId, payrollLines.currency)
        .orderBy(payrollLines.currency)
    : [];
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    status: r.status,
    start_date: r.startDate,
    end_date: r.endDate,
    totals: totals
      .filter((t) => t.runId === r.id)
      .map((t) => ({ currency: t.currency, amount_cents: Number(t.amount) })),
    approved_at: r.approvedAt?.toISOString() ?? null,
    paid_at: r.paidAt?.toISOString() ?? null,
    voided_at: r.voidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function runDetail(db: Db | Tx, row: RunRow): Promise<PayrollRunDetail> {
  const [run] = await toRuns(db, [row]);
  const lines = await db
    .select()
    .from(payrollLines)
    .where(eq(payrollLines.runId, row.id))
    .orderBy(payrollLines.vaId, payrollLines.currency);
  const people = await peopleByIds(
    db,
    lines.map((l) => l.vaId),
  );
  return {
    ...run,
    lines: lines.flatMap((l) => {
      const va = people.get(l.vaId);
      if (!va) return [];
      return [
        {
          va_id: l.vaId,
          va: toPerson(va),
          currency: l.currency,
          worked_minutes: l.workedMinutes,
          billable_minutes: l.billableMinutes,
          overtime_minutes: l.overtimeMinutes,
          unpriced_minutes: l.unpricedMinutes,
          amount_cents: l.amountCents,
          timesheet_count: l.timesheetCount,
        },
      ];
    }),
  };
}

export async function findRun(db: Db | Tx, viewer: Viewer, id: number, lock = false) {
  const query = db
    .select()
    .from(payrollRuns)
    .where(and(eq(payrollRuns.id, id), eq(payrollRuns.organizationId, viewer.organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw payrollNotFound();
  return row;
}

export async function getRun(deps: Deps, viewer: Viewer, id: number) {
  return runDetail(deps.db, await findRun(deps.db, viewer, id));
}

export async function listRuns(deps: Deps, viewer: Viewer, q: z.infer<typeof payrollQuerySchema>) {
  const where = and(
    eq(payrollRuns.organizationId, viewer.organizationId),
    q.status ? eq(payrollRuns.status, q.status) : undefined,
  ) as SQL;
  const [rows, [{ total }]] = await Promise.all([
    deps.db
      .select()
      .from(payrollRuns)
      .where(where)
      .orderBy(desc(payrollRuns.createdAt), desc(payrollRuns.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    deps.db.select({ total: count() }).from(payrollRuns).where(where),
  ]);
  return { data: await toRuns(deps.db, rows), meta: paginationMeta(q.page, q.per_page, total) };
}

/** The run's time as it stands: its timesheets still approved, written as its lines. */
async function writeLines(tx: Tx, runId: number, rows: BillableTimesheet[]) {
  await tx.delete(payrollLines).where(eq(payrollLines.runId, runId));
  const lines = await payLines(tx, rows);
  if (lines.length)
    await tx.insert(payrollLines).values(
      lines.map((l) => ({
        runId,
        vaId: l.vaId,
        currency: l.currency,
        workedMinutes: l.workedMinutes,
        billableMinutes: l.billableMinutes,
        overtimeMinutes: l.overtimeMinutes,
        unpricedMinutes: l.unpricedMinutes,
        amountCents: l.amountCents,
        timesheetCount: l.timesheetCount,
      })),
    );
}

/** `POST payroll`: a draft run of the period's approved time that is on no other run (one VA, or every VA). */
export async function createRun(deps: Deps, viewer: Viewer, body: z.infer<typeof payrollCreateSchema>) {
  const id = await deps.transaction(async ({ tx }) => {
    const rows = await approvedTimesheets(tx, {
      organizationId: viewer.organizationId,
      startDate: body.start_date,
      endDate: body.end_date,
      ...(body.va_id ? { vaIds: [body.va_id] } : {}),
    });
    const taken = rows.length
      ? await tx
          .select({ id: payrollTimesheets.timesheetId, runId: payrollTimesheets.runId })
          .from(payrollTimesheets)
          .where(
            inArray(
              payrollTimesheets.timesheetId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    const takenIds = new Set(taken.map((t) => t.id));
    const free = rows.filter((r) => !takenIds.has(r.id) && !r.payrollLock);
    if (!free.length) {
      // All of it on other runs: say which (a run made at the same moment by somebody else lands here too).
      if (taken.length) throw await timeTaken(tx, taken[0].runId);
      throw new AppError('validation', M.nothing_to_pay, { start_date: [M.nothing_to_pay] });
    }
    const [run] = await tx
      .insert(payrollRuns)
      .values({
        organizationId: viewer.organizationId,
        label: `${body.start_date} to ${body.end_date}`,
        startDate: body.start_date,
        endDate: body.end_date,
        createdBy: viewer.userId,
      })
      .returning({ id: payrollRuns.id });
    await tx
      .update(payrollRuns)
      .set({ label: `PR-${run.id} (${body.start_date} to ${body.end_date})` })
      .where(eq(payrollRuns.id, run.id));
    // Two runs made at once over the same time both found it free: the second's insert waits for the first to
    // commit, then skips what the first took (the unique index on the timesheet); that run is named (409).
    const inserted = await tx
      .insert(payrollTimesheets)
      .values(free.map((r) => ({ runId: run.id, timesheetId: r.id })))
      .onConflictDoNothing()
      .returning({ id: payrollTimesheets.timesheetId });
    if (inserted.length < free.length) {
      const got = new Set(inserted.map((i) => i.id));
      const [holder] = await tx
        .select({ runId: payrollTimesheets.runId })
        .from(payrollTimesheets)
        .where(
          inArray(
            payrollTimesheets.timesheetId,
            free.filter((r) => !got.has(r.id)).map((r) => r.id),
          ),
        )
        .limit(1);
      throw await timeTaken(tx, holder?.runId);
    }
    await writeLines(tx, run.id, free);
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'created',
      entityType: PAYROLL_ENTITY,
      entityId: run.id,
      after: { period: [body.start_date, body.end_date], timesheets: free.length },
    });
    return run.id;
  });
  return getRun(deps, viewer, id);
}

/** The 409 of time already on another run, naming it. */
async function timeTaken(db: Db | Tx, runId: number | undefined) {
  const [holder] = runId
    ? await db.select({ label: payrollRuns.label }).from(payrollRuns).where(eq(payrollRuns.id, runId))
    : [];
  return new AppError('conflict', msg(M.payroll_time_taken, { label: holder?.label ?? '?' }));
}

/** Where a run may go: forward, or void before it is paid. */
const NEXT: Record<PayrollStatus, PayrollStatus[]> = {
  draft: ['approved', 'void'],
  approved: ['paid', 'void'],
  paid: [],
  void: [],
};

/**
 * `PATCH payroll/{id}`: approving recomputes the lines from the run's timesheets still approved (one reopened
 * since the draft leaves the run) and locks them (what is approved is what is paid: nothing changes them until
 * paid, and after); paying marks it paid.
 */
export async function updateRun(
  deps: Deps,
  viewer: Viewer,
  id: number,
  body: { status: 'approved' | 'paid' | 'void' },
) {
  const now = deps.clock.now();
  const row = await deps.transaction(async ({ tx }) => {
    const run = await findRun(tx, viewer, id, true);
    if (run.status === body.status) return run;
    if (!NEXT[run.status].includes(body.status))
      throw new AppError('conflict', msg(M.payroll_bad_transition, { from: run.status, to: body.status }));
    if (body.status === 'approved') {
      const ids = (
        await tx
          .select({ id: payrollTimesheets.timesheetId })
          .from(payrollTimesheets)
          .where(eq(payrollTimesheets.runId, run.id))
      ).map((r) => r.id);
      // The run's timesheets still approved (one reopened since the draft leaves the run), then locked: a
      // reopen that slipped in between the read and the lock refuses the approval (run it again).
      const rows = await approvedTimesheets(tx, {
        organizationId: run.organizationId,
        startDate: run.startDate,
        endDate: run.endDate,
        ids,
      });
      if (!rows.length) throw new AppError('conflict', M.payroll_empty);
      const still = rows.map((r) => r.id);
      const locked = await lockTimesheets(tx, {
        organizationId: run.organizationId,
        kind: 'payroll',
        ownerId: run.id,
        label: run.label,
        timesheetIds: still,
      });
      if (locked.some((t) => t.status !== 'approved')) throw new AppError('conflict', M.payroll_empty);
      const gone = ids.filter((i) => !still.includes(i));
      if (gone.length)
        await tx
          .delete(payrollTimesheets)
          .where(and(eq(payrollTimesheets.runId, run.id), inArray(payrollTimesheets.timesheetId, gone)));
      // The figures as they stand under the lock.
      const fresh = await approvedTimesheets(tx, {
        organizationId: run.organizationId,
        startDate: run.startDate,
        endDate: run.endDate,
        ids: still,
      });
      await writeLines(tx, run.id, fresh);
    }
    // Voiding releases the time: its locks go, and it may go on another run (the lines stay as the record).
    let released = 0;
    if (body.status === 'void') {
      released = (
        await tx
          .delete(payrollTimesheets)
          .where(eq(payrollTimesheets.runId, run.id))
          .returning({ id: payrollTimesheets.timesheetId })
      ).length;
      await releaseLocks(tx, 'payroll', run.id);
    }
    const stamp =
      body.status === 'approved'
        ? { approvedAt: now }
        : body.status === 'paid'
          ? { paidAt: now }
          : { voidedAt: now };
    const [updated] = await tx
      .update(payrollRuns)
      .set({ status: body.status, ...stamp, updatedAt: now })
      .where(eq(payrollRuns.id, run.id))
      .returning();
    await audit(tx, {
      organizationId: run.organizationId,
      actorId: viewer.userId,
      action: body.status === 'void' ? 'voided' : body.status,
      entityType: PAYROLL_ENTITY,
      entityId: run.id,
      before: { status: run.status },
      after: { status: body.status, ...(body.status === 'void' ? { timesheets_released: released } : {}) },
    });
    return updated;
  });
  return runDetail(deps.db, row);
}
