import type { PaginationQuery } from '@vahub/shared/api/problem';
import { and, count, eq, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import { contractTitleSql } from '../../contracts/public';
import { peopleByIds } from '../../people/public';
import { idleColumnSince, onlineColumnSince, onlineSince } from '../attendance.presence-sql';
import { type ATTENDANCE_STATUS_VALUES, attendanceCounts, attendances } from '../attendance.table';
import { type ReadRow, toListItem } from './reads.mapper';

/**
 * The SELECT list every attendance read shares: the row, presence now, the contract's title. `since` is
 * `onlineSince(now)`, or its placeholder in a query built once.
 */
export const readColumnsSince = (since: Date | Placeholder) => ({
  attendance: attendances,
  online: onlineColumnSince(since),
  idle: idleColumnSince(since),
  contractTitle: contractTitleSql(attendances.contractId),
});
export const readColumns = (now: Date) => readColumnsSince(onlineSince(now));

/** Attendances matching `where`, with presence at `now` and their contract's title. */
export async function findAttendances(
  db: Db,
  now: Date,
  where: SQL | undefined,
  orderBy: SQL[],
  page?: { limit: number; offset: number },
): Promise<ReadRow[]> {
  const query = db
    .select(readColumns(now))
    .from(attendances)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAttendances(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(attendances).where(where);
  return row?.n ?? 0;
}

type CountedQuery = {
  status?: (typeof ATTENDANCE_STATUS_VALUES)[number];
  start_date?: string;
  end_date?: string;
};

/**
 * How many attendances of the organization match a status and a period, from `attendance_counts` (a row per
 * status and date, kept by the database), as a scalar subquery: what an admin's list counts when no filter names
 * people, without reading every shift of the organization's history. A page selects it beside its rows.
 */
export const countedAttendancesSql = (organizationId: number | Placeholder, q: CountedQuery): SQL<number> =>
  sql<number>`(select coalesce(sum(${attendanceCounts.count}), 0)::int from ${attendanceCounts} where ${and(
    eq(attendanceCounts.organizationId, organizationId),
    q.status ? eq(attendanceCounts.status, q.status) : undefined,
    q.start_date ? gte(attendanceCounts.date, q.start_date) : undefined,
    q.end_date ? lte(attendanceCounts.date, q.end_date) : undefined,
  )})`;

/**
 * A page of rows with the total beside them (`total`, one subquery of the page's statement instead of a query
 * of its own), or the total asked alone when the page is past the end.
 */
export async function withTotal<R>(
  db: Db,
  total: SQL<number>,
  page: (total: SQL<number>) => Promise<Array<R & { total: number }>>,
): Promise<[R[], number]> {
  const rows = await page(total);
  if (rows.length) return [rows, Number(rows[0].total)];
  const [row] = await db.select({ n: total }).from(sql`(select 1) as one`);
  return [rows, Number(row?.n ?? 0)];
}

/**
 * A page of attendance list items: the page and its people, two queries whatever the size. `total`, when given,
 * is the count selected beside the page instead of counting the rows of `where` (an admin's list:
 * `countedAttendancesSql`).
 */
export async function pageOfAttendances(
  db: Db,
  now: Date,
  where: SQL | undefined,
  orderBy: SQL[],
  q: PaginationQuery,
  total?: SQL<number>,
) {
  const page = { limit: q.per_page, offset: pageOffset(q.page, q.per_page) };
  const [rows, n]: [ReadRow[], number] = total
    ? await withTotal(db, total, (t) =>
        db
          .select({ ...readColumns(now), total: t })
          .from(attendances)
          .where(where)
          .orderBy(...orderBy)
          .limit(page.limit)
          .offset(page.offset),
      )
    : await Promise.all([findAttendances(db, now, where, orderBy, page), countAttendances(db, where)]);
  return listPage(db, rows, n, q);
}

/** A page of attendance list items from its rows and the total: the rows' people in one query. */
export async function listPage(db: Db, rows: ReadRow[], total: number, q: PaginationQuery) {
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.attendance.vaId, r.attendance.clientId]),
  );
  return {
    data: rows.map((r) => toListItem(r, people)),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}
