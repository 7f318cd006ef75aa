import type { RequestStatus, RequestType } from '@vahub/shared/requests/schemas';
import { and, count, desc, eq, getTableColumns, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Tx } from '../../platform/transaction';
import { contractTimezoneSql, contractTitleSql } from '../contracts/public';
import { type UserRequestRow, userRequests } from './requests.table';

/** A request as the reads get it: the row, its contract's title and zone. */
const readColumns = {
  ...getTableColumns(userRequests),
  contractTitle: contractTitleSql(userRequests.contractId),
  timezone: contractTimezoneSql(userRequests.contractId),
};

const reads = (db: Db) => db.select(readColumns).from(userRequests);
export type RequestRead = Awaited<ReturnType<ReturnType<typeof reads>['execute']>>[number];

/** One page of the requests matching `where`, newest first (the (organization, id) and (VA, id) indexes). */
export function requestPage(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<RequestRead[]> {
  return reads(db).where(where).orderBy(desc(userRequests.id)).limit(page.limit).offset(page.offset);
}

export async function countRequests(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userRequests).where(where);
  return Number(row?.n ?? 0);
}

/** One request matching `where` (its id and the viewer's scope), or undefined. */
export async function findRequest(db: Db, where: SQL): Promise<RequestRead | undefined> {
  const [row] = await reads(db).where(where);
  return row;
}

/** Locks the request `where` names for the rest of the transaction (two deciders then take turns). */
export async function lockRequest(tx: Tx, where: SQL): Promise<UserRequestRow | undefined> {
  const [row] = await tx.select().from(userRequests).where(where).for('update');
  return row;
}

/**
 * Serializes the checks of one contract's requests (overlaps, balances) with the writes that would change
 * their answer: a transaction-scoped advisory lock on the contract, so the contract row itself stays free.
 */
export async function lockContractRequests(tx: Tx, contractId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user_requests'), ${contractId}::int)`);
}

/** A request of the VA on the contract, of these types and statuses, whose dates meet the range; or undefined. */
export async function meetingRequest(db: Db, q: MeetingQuery) {
  const [row] = await meetingRequests(db, q, 1);
  return row;
}

type MeetingQuery = {
  vaId: number;
  contractId: number;
  range: { from: string; to: string };
  types: readonly RequestType[];
  statuses: readonly RequestStatus[];
  attendanceId?: number;
  exceptId?: number;
};

/** The VA's requests on the contract that meet the range (`limit` of them, earliest first). */
export async function meetingRequests(db: Db, q: MeetingQuery, limit: number) {
  return db
    .select()
    .from(userRequests)
    .where(
      and(
        eq(userRequests.contractId, q.contractId),
        eq(userRequests.vaId, q.vaId),
        inArray(userRequests.type, [...q.types]),
        inArray(userRequests.status, [...q.statuses]),
        lte(userRequests.targetStartDate, q.range.to),
        gte(userRequests.targetEndDate, q.range.from),
        q.attendanceId ? eq(userRequests.attendanceId, q.attendanceId) : undefined,
        q.exceptId ? ne(userRequests.id, q.exceptId) : undefined,
      ),
    )
    .orderBy(userRequests.targetStartDate)
    .limit(limit);
}

/**
 * Days already drawn on a contract's pool per calendar year: the approved and the pending requests of the
 * pool's types, summed from each request's `days_by_year`.
 */
export async function poolDaysByYear(
  db: Db,
  q: { contractId: number; types: readonly RequestType[]; years: string[]; exceptId?: number },
): Promise<Map<string, { approved: number; pending: number }>> {
  const out = new Map(q.years.map((y) => [y, { approved: 0, pending: 0 }]));
  if (!q.years.length) return out;
  const result = await db.execute<{ status: string; year: string; days: number }>(sql`
    select r.status, e.key as year, sum(e.value::int)::int as days
    from ${userRequests} r, jsonb_each_text(coalesce(r.days_by_year, '{}'::jsonb)) e
    where r.contract_id = ${q.contractId}
      and r.type in (${sql.join(
        q.types.map((t) => sql`${t}`),
        sql`, `,
      )})
      and r.status in ('approved', 'pending')
      and e.key in (${sql.join(
        q.years.map((y) => sql`${y}`),
        sql`, `,
      )})
      ${q.exceptId ? sql`and r.id <> ${q.exceptId}` : sql``}
    group by 1, 2`);
  for (const r of rowsOf<{ status: string; year: string; days: number }>(result)) {
    const entry = out.get(r.year);
    if (!entry) continue;
    if (r.status === 'approved') entry.approved = Number(r.days);
    else entry.pending = Number(r.days);
  }
  return out;
}

/**
 * Which of these attendances are approved make-up shifts (the attendance engine keeps them when it rebuilds a
 * contract's window: no schedule made them, so none would make them again).
 */
export async function makeupShiftIds(db: Db, attendanceIds: number[]): Promise<Set<number>> {
  if (!attendanceIds.length) return new Set();
  const rows = await db
    .select({ id: userRequests.makeupAttendanceId })
    .from(userRequests)
    .where(inArray(userRequests.makeupAttendanceId, attendanceIds));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}
