import type { PaginationQuery } from '@vahub/shared/api/problem';
import { count, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { pageOffset, paginationMeta } from '../../../lib/pagination';
import { contractTitleSql } from '../../contracts/public';
import { peopleByIds } from '../../people/public';
import { idleColumn, onlineColumn } from '../attendance.presence-sql';
import { attendances } from '../attendance.table';
import { type ReadRow, toListItem } from './reads.mapper';

/** The SELECT list every attendance read shares: the row, presence now, the contract's title. */
export const readColumns = (now: Date) => ({
  attendance: attendances,
  online: onlineColumn(now),
  idle: idleColumn(now),
  contractTitle: contractTitleSql(attendances.contractId),
});

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

/** A page of attendance list items: the page, its count and its people, three queries whatever the size. */
export async function pageOfAttendances(
  db: Db,
  now: Date,
  where: SQL | undefined,
  orderBy: SQL[],
  q: PaginationQuery,
) {
  const [rows, total] = await Promise.all([
    findAttendances(db, now, where, orderBy, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) }),
    countAttendances(db, where),
  ]);
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.attendance.vaId, r.attendance.clientId]),
  );
  return {
    data: rows.map((r) => toListItem(r, people)),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}
