import type { Earnings } from '@vahub/shared/money/schemas';
import { and, eq, gte, lte, ne } from 'drizzle-orm';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { approvedTimesheets } from '../timesheets/public';
import { payrollLines, payrollRuns } from './money.table';
import { payLines } from './payroll.service';

/**
 * `GET va-access/earnings`: the VA's own approved time of the period at their pay rates, per currency, and the
 * payroll runs of the period that pay them (not a voided one). Never anyone else's: the VA is the viewer.
 */
export async function earningsOf(
  deps: Deps,
  viewer: Viewer,
  q: { start_date: string; end_date: string },
): Promise<Earnings> {
  const rows = await approvedTimesheets(deps.db, {
    organizationId: viewer.organizationId,
    startDate: q.start_date,
    endDate: q.end_date,
    vaIds: [viewer.userId],
  });
  const lines = await payLines(deps.db, rows);
  const runs = await deps.db
    .select({
      id: payrollRuns.id,
      label: payrollRuns.label,
      status: payrollRuns.status,
      currency: payrollLines.currency,
      billable: payrollLines.billableMinutes,
      amount: payrollLines.amountCents,
    })
    .from(payrollLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollLines.runId))
    .where(
      and(
        eq(payrollRuns.organizationId, viewer.organizationId),
        eq(payrollLines.vaId, viewer.userId),
        ne(payrollRuns.status, 'void'),
        lte(payrollRuns.startDate, q.end_date),
        gte(payrollRuns.endDate, q.start_date),
      ),
    )
    .orderBy(payrollRuns.startDate, payrollRuns.id);
  return {
    start_date: q.start_date,
    end_date: q.end_date,
    totals: lines
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((l) => ({
        currency: l.currency,
        billable_minutes: l.billableMinutes,
        overtime_minutes: l.overtimeMinutes,
        amount_cents: l.amountCents,
      })),
    runs: runs.map((r) => ({
      id: r.id,
      label: r.label,
      status: r.status,
      currency: r.currency,
      billable_minutes: r.billable,
      amount_cents: r.amount,
    })),
  };
}
