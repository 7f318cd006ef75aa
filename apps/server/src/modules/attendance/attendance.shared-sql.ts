import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { attendanceBlocks, attendances } from './attendance.table';

// What other modules' queries read of the shifts, instead of the tables: a derived table of the shift columns
// they may read, and the activity of a 10-minute block. Postgres plans both with the caller's query.

const qb = new QueryBuilder();

/**
 * The shifts as other modules' queries read them (a timesheet's live figures, the reports' rows, a capture's
 * local date): a derived table `(select … from attendances) attendances` of the columns below, to select from or
 * join instead of the table. Under the table's own name, so the attendance fragments this module offers
 * (`attendanceScope`, `periodAndPeopleFilters`, `onlineColumn`, …) apply to it; a plain select of columns,
 * which the planner merges into the query around it (the same plan as the table's).
 */
export const shiftsView = qb
  .select({
    id: attendances.id,
    organizationId: attendances.organizationId,
    contractId: attendances.contractId,
    vaId: attendances.vaId,
    clientId: attendances.clientId,
    date: attendances.date,
    timezone: attendances.timezone,
    status: attendances.status,
    scheduledStartAt: attendances.scheduledStartAt,
    scheduledEndAt: attendances.scheduledEndAt,
    startedAt: attendances.startedAt,
    endedAt: attendances.endedAt,
    lateMinutes: attendances.lateMinutes,
    workedSeconds: attendances.workedSeconds,
    activeSeconds: attendances.activeSeconds,
    idleSeconds: attendances.idleSeconds,
  })
  .from(attendances)
  .as('attendances');

/** The start of the 10-minute block (aligned to UTC, as ping ingest rolls them up) an instant lies in. */
const blockStartOf = (at: SQLWrapper) =>
  sql`date_bin('10 minutes', ${at}, timestamptz '1970-01-01 00:00:00+00')`;

/**
 * The activity (active of tracked, a whole percent) of the shift's 10-minute block an instant lies in, read at
 * query time so pings that arrive later still count; null while that block has no ping. A scalar subquery on
 * the block's key (one row at most).
 */
export function blockActivityAt(attendanceId: SQLWrapper, at: SQLWrapper): SQL<number | null> {
  const b = attendanceBlocks;
  const matches = and(eq(b.attendanceId, attendanceId as SQL), eq(b.startAt, blockStartOf(at) as SQL));
  return sql<number | null>`(select case when ${b.pings} > 0 and ${b.trackedSeconds} > 0
    then round(100.0 * least(${b.activeSeconds}, ${b.trackedSeconds}) / ${b.trackedSeconds})::int end
    from ${b} where ${matches})`;
}
