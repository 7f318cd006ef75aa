import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { shiftsView } from '../attendance/public';
import { figures } from './timesheets.figures';
import { timesheetLocks, timesheets } from './timesheets.table';

/**
 * What the money module (invoices, payroll; issue 30) reads of approved time: each approved timesheet of a
 * period with its frozen figures and the locks it carries. Scope is the caller's business (organization,
 * client or VAs given here).
 */
export type BillableTimesheet = {
  id: number;
  contractId: number;
  vaId: number;
  clientId: number;
  date: string;
  weekStart: string;
  clientStatus: 'waiting' | 'approved' | 'disputed';
  workedMinutes: number;
  billableMinutes: number;
  overtimeMinutes: number;
  /** The invoice / payroll run holding it, if any. */
  invoiceLock: { ownerId: number; label: string } | null;
  payrollLock: { ownerId: number; label: string } | null;
};

export type ApprovedTimeFilter = {
  organizationId: number;
  startDate: string;
  endDate: string;
  clientId?: number;
  vaIds?: number[];
  ids?: number[];
};

const lockOf = (kind: 'invoice' | 'payroll') =>
  sql<{
    ownerId: number;
    label: string;
  } | null>`(select json_build_object('ownerId', l.owner_id, 'label', l.label) from timesheet_locks l where l.timesheet_id = ${timesheets.id} and l.kind = ${kind})`;

/** The approved timesheets of the period (oldest first), their figures and locks. */
export async function approvedTimesheets(db: Db | Tx, f: ApprovedTimeFilter): Promise<BillableTimesheet[]> {
  const where: SQL[] = [
    eq(timesheets.organizationId, f.organizationId),
    eq(timesheets.status, 'approved'),
    gte(timesheets.date, f.startDate),
    lte(timesheets.date, f.endDate),
  ];
  if (f.clientId !== undefined) where.push(eq(timesheets.clientId, f.clientId));
  if (f.vaIds) where.push(inArray(timesheets.vaId, f.vaIds.length ? f.vaIds : [-1]));
  if (f.ids) where.push(inArray(timesheets.id, f.ids.length ? f.ids : [-1]));
  const rows = await db
    .select({
      id: timesheets.id,
      contractId: timesheets.contractId,
      vaId: timesheets.vaId,
      clientId: timesheets.clientId,
      date: timesheets.date,
      weekStart: timesheets.weekStart,
      clientStatus: timesheets.clientStatus,
      workedMinutes: figures.worked_minutes,
      billableMinutes: figures.billable_minutes,
      overtimeMinutes: figures.overtime_minutes,
      invoiceLock: lockOf('invoice'),
      payrollLock: lockOf('payroll'),
    })
    .from(timesheets)
    .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
    .where(and(...where))
    .orderBy(timesheets.date, timesheets.id);
  return rows.map((r) => ({
    ...r,
    workedMinutes: Number(r.workedMinutes),
    billableMinutes: Number(r.billableMinutes),
    overtimeMinutes: Number(r.overtimeMinutes),
  }));
}

/** The timesheet ids an owner has locked. */
export async function lockedIds(db: Db | Tx, kind: 'invoice' | 'payroll', ownerId: number) {
  const rows = await db
    .select({ id: timesheetLocks.timesheetId })
    .from(timesheetLocks)
    .where(and(eq(timesheetLocks.kind, kind), eq(timesheetLocks.ownerId, ownerId)));
  return rows.map((r) => r.id);
}
