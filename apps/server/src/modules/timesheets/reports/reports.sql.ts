import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shiftsView } from '../../attendance/public';
import { toPerson } from '../../contracts/public';
import { peopleByIds, personNameSql } from '../../people/public';

/** What the reports' grouped queries share: integer aggregates, the attendance counts, the VAs' names. */

/** An aggregate as a whole number (0 over no rows); bigint sums come back as numbers. */
export const int = (expr: SQLWrapper) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
/** Rows matching `condition`. */
export const countWhere = (condition: SQLWrapper) => int(sql`count(*) filter (where ${condition})`);
/** The sum of `value` over the rows matching `condition`. */
export const sumWhere = (value: SQLWrapper, condition: SQLWrapper) =>
  int(sql`sum(${value}) filter (where ${condition})`);

const a = shiftsView;
export const started = sql`${a.startedAt} is not null`;
/** Clocked in within the grace (`late_minutes` 0) / later. */
export const onTime = sql`${started} and ${a.lateMinutes} = 0`;
export const lateStart = sql`${started} and ${a.lateMinutes} > 0`;
export const isAbsent = sql`${a.status} = 'absent'`;
export const onLeave = sql`${a.status} = 'on_leave'`;
/** A shift on leave is no scheduled time (as the dashboard counters have it). */
export const notOnLeave = sql`${a.status} <> 'on_leave'`;

/** The attendance counts every per-VA report has: shifts, late and absent ones. */
export const shiftCounts = {
  shifts: int(sql`count(*)`),
  late: countWhere(lateStart),
  absent: countWhere(isAbsent),
};

/** The VA's name (grouped by `attendances.va_id`): the order of the per-VA reports. */
export const vaName: SQL<string> = personNameSql(a.vaId);

/** The VAs of a page, as the reports show them. */
export async function vaSummaries(db: Db, ids: number[]): Promise<(id: number) => PersonSummary> {
  const people = await peopleByIds(db, ids);
  return (id) => {
    const found = people.get(id);
    if (!found) throw new Error(`report person ${id} is missing`);
    return toPerson(found);
  };
}

/** Limit and offset of a page; null reads every row (an export). */
export type Slice = { limit: number; offset: number } | null;
export type PageQuery = { page: number; per_page: number };
export const sliceOf = (q: PageQuery): Slice => ({
  limit: q.per_page,
  offset: (q.page - 1) * q.per_page,
});
