import type { ShiftBlock } from '@vahub/shared/time/shifts';
import { and, asc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { toBlock } from './contracts.mapper';
import { type CONTRACT_STATUSES, contractSettings, contracts, schedules } from './contracts.table';

/**
 * What the attendance engine reads of a contract: status, dates, zone, parties, tracking settings and the
 * weekly blocks. A read view, so the engine never touches the contracts tables itself.
 */
export type EngineContract = {
  id: number;
  organizationId: number;
  vaId: number;
  clientId: number;
  status: (typeof CONTRACT_STATUSES)[number];
  startDate: string;
  endDate: string | null;
  timezone: string;
  settings: { lateGraceMinutes: number; earlyClockInMinutes: number; idleTimeoutMinutes: number };
  schedules: ShiftBlock[];
};

/** Defaults of a contract without a settings row (every contract gets one; this only guards the join). */
const DEFAULT_SETTINGS = {
  lateGraceMinutes: 5,
  earlyClockInMinutes: 15,
  idleTimeoutMinutes: 5,
  overtimeAllowed: false,
};

/**
 * One contract for the engine, or null. With `lock`, inside a transaction, the contract row is locked
 * (`FOR SHARE`) so a status, date or schedule change, or a delete, waits for the rebuild (and the other way
 * round). `organizationId` scopes the read when a request asks.
 */
export async function engineContract(
  db: Db | Tx,
  id: number,
  options: { lock?: boolean; organizationId?: number } = {},
): Promise<EngineContract | null> {
  const where = and(
    eq(contracts.id, id),
    options.organizationId === undefined ? undefined : eq(contracts.organizationId, options.organizationId),
  );
  const base = db
    .select({
      id: contracts.id,
      organizationId: contracts.organizationId,
      vaId: contracts.vaId,
      clientId: contracts.clientId,
      status: contracts.status,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      timezone: contracts.timezone,
    })
    .from(contracts)
    .where(where)
    .$dynamic();
  const [row] = options.lock ? await base.for('share') : await base;
  if (!row) return null;
  const [settingsRows, blocks] = await Promise.all([
    db
      .select({
        lateGraceMinutes: contractSettings.lateGraceMinutes,
        earlyClockInMinutes: contractSettings.earlyClockInMinutes,
        idleTimeoutMinutes: contractSettings.idleTimeoutMinutes,
      })
      .from(contractSettings)
      .where(eq(contractSettings.contractId, id)),
    db
      .select()
      .from(schedules)
      .where(eq(schedules.contractId, id))
      .orderBy(asc(schedules.weekday), asc(schedules.startMinute), asc(schedules.id)),
  ]);
  return { ...row, settings: settingsRows[0] ?? DEFAULT_SETTINGS, schedules: blocks.map(toBlock) };
}

/** Ids of active contracts after `afterId`, in id order: the window job walks them in batches. */
export async function activeContractIds(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.status, 'active'), gt(contracts.id, afterId)))
    .orderBy(asc(contracts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Scalar subquery: a contract's late grace in minutes (`contractId` a column of the outer query), so the
 * late sweep finds due shifts of every contract in one statement.
 */
export const lateGraceMinutesSql = (contractId: SQLWrapper): SQL<number> =>
  sql<number>`coalesce((select ${contractSettings.lateGraceMinutes} from ${contractSettings} where ${contractSettings.contractId} = ${contractId}), ${DEFAULT_SETTINGS.lateGraceMinutes})`;

/** Whether the contract lets worked time beyond the schedule count (timesheets' billable minutes), as SQL. */
export const overtimeAllowedSql = (contractId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`coalesce((select ${contractSettings.overtimeAllowed} from ${contractSettings} where ${contractSettings.contractId} = ${contractId}), ${DEFAULT_SETTINGS.overtimeAllowed})`;

/** The titles of these contracts, by id (an export prints them; it asks once per contract it meets). */
export async function contractTitles(db: Db, ids: Iterable<number>): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: contracts.id, title: contracts.title })
    .from(contracts)
    .where(inArray(contracts.id, unique));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** A contract's title as SQL (a scalar subquery on `contractId`). */
export const contractTitleSql = (contractId: SQLWrapper): SQL<string> =>
  sql<string>`(select ${contracts.title} from ${contracts} where ${contracts.id} = ${contractId})`;

/**
 * Whether the contract's timesheets wait for an approver, as SQL (`contractId` a column of the outer query): the
 * timesheets' auto-approval sweep approves the others' once their shift is final. A missing settings row counts
 * as requiring approval, the column's default.
 */
export const timesheetApprovalRequiredSql = (contractId: SQLWrapper): SQL<boolean> =>
  sql<boolean>`coalesce((select ${contractSettings.timesheetApprovalRequired} from ${contractSettings} where ${contractSettings.contractId} = ${contractId}), true)`;
