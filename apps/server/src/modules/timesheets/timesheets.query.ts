import type { ClientStatus, TimesheetStatus } from '@vahub/shared/timesheets/schemas';
import { clientName } from '@vahub/shared/users/client-name';
import { and, asc, count, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/viewer';
import { attendanceScope, periodAndPeopleFilters, shiftsView } from '../attendance/public';
import { contractTitleSql, contractTitles } from '../contracts/public';
import { peopleByIds } from '../people/public';
import { FIGURE_NAMES, type FigureName, figures, figureTotals } from './timesheets.figures';
import { timesheetDayTotals, timesheets } from './timesheets.table';

/**
 * The one query behind every timesheet read: lists, totals, weeks, exports (streamed) and reports. Rows are
 * timesheets joined to their shift (`shiftsView`: the live figures), their VA, client and contract.
 */
export type TimesheetFilters = {
  start_date?: string;
  end_date?: string;
  va_id?: number;
  client_id?: number;
  contract_id?: number;
  team_id?: number;
  status?: TimesheetStatus;
  client_status?: ClientStatus;
};

/** The viewer's timesheets (the scope of their attendances) matching the filters. */
export function timesheetWhere(viewer: Viewer, q: TimesheetFilters): SQL {
  const { start_date: from, end_date: to } = q;
  // The organization and the period on the timesheet's own columns (the same values as its attendance's): the
  // (organization, date, id) index then gives the rows in order, so a page or a keyset batch reads only itself.
  // The period on the shift's date as well (`periodAndPeopleFilters`): the totals then join the period's shifts
  // by hash, rather than walking every shift of the organization for a month's timesheets.
  return and(
    eq(timesheets.organizationId, viewer.organizationId),
    from ? gte(timesheets.date, from) : undefined,
    to ? lte(timesheets.date, to) : undefined,
    attendanceScope(viewer),
    ...periodAndPeopleFilters(timesheets, viewer.organizationId, q),
    q.status ? eq(timesheets.status, q.status) : undefined,
    q.client_status ? eq(timesheets.clientStatus, q.client_status) : undefined,
  ) as SQL;
}

/** A timesheet row as the lists and the detail get it: the timesheet, its figures, its contract's title. */
export const rowColumns = {
  id: timesheets.id,
  attendanceId: timesheets.attendanceId,
  contractId: timesheets.contractId,
  vaId: timesheets.vaId,
  clientId: timesheets.clientId,
  date: timesheets.date,
  weekStart: timesheets.weekStart,
  status: timesheets.status,
  clientStatus: timesheets.clientStatus,
  note: timesheets.note,
  approvedBy: timesheets.approvedBy,
  approvedAt: timesheets.approvedAt,
  frozen: sql<boolean>`(${timesheets.frozenWorkedMinutes} is not null)`,
  createdAt: timesheets.createdAt,
  updatedAt: timesheets.updatedAt,
  timezone: shiftsView.timezone,
  attendanceStatus: shiftsView.status,
  startedAt: shiftsView.startedAt,
  endedAt: shiftsView.endedAt,
  ...figures,
  contractTitle: contractTitleSql(timesheets.contractId),
};

const from = (db: Db) =>
  db.select(rowColumns).from(timesheets).innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId));

export type TimesheetRow = Awaited<ReturnType<ReturnType<typeof from>['execute']>>[number];

/** Oldest first (date, then id): the (organization, date, id) index serves it, and a keyset walk follows it. */
const oldestFirst = [asc(timesheets.date), asc(timesheets.id)];

/** One page of rows; `newest` for the VA's own list. */
export function timesheetPage(
  db: Db,
  where: SQL,
  page: { limit: number; offset: number },
  order: 'oldest' | 'newest' = 'oldest',
) {
  const by = order === 'oldest' ? oldestFirst : [sql`${timesheets.date} desc`, sql`${timesheets.id} desc`];
  return from(db)
    .where(where)
    .orderBy(...by)
    .limit(page.limit)
    .offset(page.offset);
}

/** The count and figure sums of every matching row (the list's `meta.totals`). */
export async function timesheetTotals(db: Db, where: SQL) {
  const [row] = await db
    .select({ count: count(), ...figureTotals })
    .from(timesheets)
    .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
    .where(where);
  return row;
}

type Totals = { count: number } & Record<FigureName, number>;

/** The columns of `timesheet_day_totals` by figure name. */
const dayColumns = {
  scheduled_minutes: timesheetDayTotals.scheduledMinutes,
  worked_minutes: timesheetDayTotals.workedMinutes,
  active_minutes: timesheetDayTotals.activeMinutes,
  idle_minutes: timesheetDayTotals.idleMinutes,
  overtime_minutes: timesheetDayTotals.overtimeMinutes,
  adjustment_minutes: timesheetDayTotals.adjustmentMinutes,
  billable_minutes: timesheetDayTotals.billableMinutes,
} satisfies Record<FigureName, unknown>;

const addTo = (sum: Totals, row: Record<string, unknown>) => {
  sum.count += Number(row.count ?? 0);
  for (const k of FIGURE_NAMES) sum[k] += Number(row[k] ?? 0);
};

/**
 * The totals of every timesheet of the organization in a period (an admin's list narrowed by nothing else, what
 * the web asks first), without reading a month of rows: the days' sums of shifts that are over from
 * `timesheet_day_totals` (a day changed since its sums were stored is recomputed, and stored again unless it
 * changed meanwhile), plus the ongoing shifts' timesheets summed live. Equal to `timesheetTotals` of `where`,
 * which must be an admin's `timesheetWhere` of this period and nothing else.
 */
export async function organizationTotals(
  db: Db,
  organizationId: number,
  where: SQL,
  period: { start_date?: string; end_date?: string },
): Promise<Totals> {
  const d = timesheetDayTotals;
  const sum = { count: 0, ...Object.fromEntries(FIGURE_NAMES.map((k) => [k, 0])) } as Totals;
  const days = await db
    .select({
      date: d.date,
      version: d.version,
      settledVersion: d.settledVersion,
      count: d.count,
      ...dayColumns,
    })
    .from(d)
    .where(
      and(
        eq(d.organizationId, organizationId),
        period.start_date ? gte(d.date, period.start_date) : undefined,
        period.end_date ? lte(d.date, period.end_date) : undefined,
      ),
    );
  const stale = days.filter((day) => day.settledVersion !== day.version);
  for (const day of days) if (day.settledVersion === day.version) addTo(sum, day);
  if (stale.length) {
    const fresh = await db
      .select({ date: timesheets.date, count: count(), ...figureTotals })
      .from(timesheets)
      .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
      .where(
        and(
          where,
          ne(shiftsView.status, 'ongoing'),
          inArray(
            timesheets.date,
            stale.map((day) => day.date),
          ),
        ),
      )
      .groupBy(timesheets.date);
    const byDate = new Map(fresh.map((r) => [r.date, r]));
    for (const day of stale) {
      const row = byDate.get(day.date);
      const sums = { count: Number(row?.count ?? 0) } as Totals;
      for (const k of FIGURE_NAMES) sums[k] = Number(row?.[k] ?? 0);
      addTo(sum, sums);
      // Stored only if no change came since `version` was read (the sums above are at least that recent).
      await db
        .update(d)
        .set({
          settledVersion: day.version,
          count: sums.count,
          scheduledMinutes: sums.scheduled_minutes,
          workedMinutes: sums.worked_minutes,
          activeMinutes: sums.active_minutes,
          idleMinutes: sums.idle_minutes,
          overtimeMinutes: sums.overtime_minutes,
          adjustmentMinutes: sums.adjustment_minutes,
          billableMinutes: sums.billable_minutes,
        })
        .where(and(eq(d.organizationId, organizationId), eq(d.date, day.date), eq(d.version, day.version)));
    }
  }
  // The shifts on now: their figures follow every ping, read from their rows. The period on the shift's date only
  // (the timesheet's is the same): the planner then starts from the partial index of ongoing shifts and probes
  // their timesheets, instead of reading every timesheet of the period to join a few thousand.
  const [live] = await db
    .select({ count: count(), ...figureTotals })
    .from(timesheets)
    .innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId))
    .where(
      and(
        eq(timesheets.organizationId, organizationId),
        eq(shiftsView.organizationId, organizationId),
        eq(shiftsView.status, 'ongoing'),
        period.start_date ? gte(shiftsView.date, period.start_date) : undefined,
        period.end_date ? lte(shiftsView.date, period.end_date) : undefined,
      ),
    );
  if (live) addTo(sum, live);
  return sum;
}

/** One timesheet the viewer sees, or undefined. */
export async function findTimesheet(db: Db, viewer: Viewer, id: number) {
  const [row] = await from(db).where(and(eq(timesheets.id, id), attendanceScope(viewer)));
  return row;
}

/**
 * What an export prints of a row. Fewer columns than the lists' (PGlite's cost is per column and row), and the
 * names not as subqueries per row: `streamExportRows` looks each person and contract up once per export.
 */
const exportColumns = {
  id: timesheets.id,
  date: timesheets.date,
  vaId: timesheets.vaId,
  clientId: timesheets.clientId,
  contractId: timesheets.contractId,
  status: timesheets.status,
  clientStatus: timesheets.clientStatus,
  note: timesheets.note,
  ...figures,
};

const exportFrom = (db: Db) =>
  db.select(exportColumns).from(timesheets).innerJoin(shiftsView, eq(shiftsView.id, timesheets.attendanceId));
type ExportBase = Awaited<ReturnType<ReturnType<typeof exportFrom>['execute']>>[number];
export type ExportRow = ExportBase & {
  vaName: string;
  vaEmail: string;
  /** The client as every screen names them: the company, else the person. */
  clientName: string;
  /** The client's contact person (their own name), beside the company where both help. */
  clientContact: string;
  clientEmail: string;
  contractTitle: string;
};

/**
 * Every matching row, oldest first, in batches by keyset (date, id): memory stays flat however many rows an
 * export has. Each batch is its own short query, so no transaction stays open for the whole file; the next batch
 * is asked for before this one is handed out, so the database reads while the file is written.
 */
export async function* streamExportRows(db: Db, where: SQL, batchSize = 2000): AsyncGenerator<ExportRow[]> {
  // A row comparison, which the (organization, date, id) index answers directly: spelled as
  // `date > d or (date = d and id > i)` the planner filtered every earlier row again on each batch.
  const fetchAfter = (after: ExportBase | null): Promise<ExportBase[]> =>
    exportFrom(db)
      .where(
        and(
          where,
          after
            ? sql`(${timesheets.date}, ${timesheets.id}) > (${after.date}::date, ${after.id}::int)`
            : undefined,
        ),
      )
      .orderBy(...oldestFirst)
      .limit(batchSize);
  const people = new Map<number, { name: string; email: string; company: string }>();
  const titles = new Map<number, string>();
  let next: Promise<ExportBase[]> | null = fetchAfter(null);
  while (next) {
    const batch: ExportBase[] = await next;
    if (batch.length === 0) return;
    next = batch.length < batchSize ? null : fetchAfter(batch[batch.length - 1]);
    // A consumer that stops early leaves `next` running: its rejection must not go unhandled.
    next?.catch(() => {});
    const newPeople = batch.flatMap((r) => [r.vaId, r.clientId]).filter((id) => !people.has(id));
    for (const [id, p] of await peopleByIds(db, newPeople))
      people.set(id, { name: p.name, email: p.email, company: clientName(p) });
    const newContracts = batch.map((r) => r.contractId).filter((id) => !titles.has(id));
    for (const [id, title] of await contractTitles(db, newContracts)) titles.set(id, title);
    yield batch.map((r) => ({
      ...r,
      vaName: people.get(r.vaId)?.name ?? '',
      vaEmail: people.get(r.vaId)?.email ?? '',
      clientName: people.get(r.clientId)?.company ?? '',
      clientContact: people.get(r.clientId)?.name ?? '',
      clientEmail: people.get(r.clientId)?.email ?? '',
      contractTitle: titles.get(r.contractId) ?? '',
    }));
  }
}
