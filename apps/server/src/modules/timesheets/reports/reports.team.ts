import type { TeamSummaryReport, TeamSummaryRow } from '@vahub/shared/timesheets/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { paginationMeta } from '../../../lib/pagination';
import { shiftsView } from '../../attendance/public';
import { organizationTeamsSql, teamMembershipsSql } from '../../people/public';
import { timesheets } from '../timesheets.table';
import type { ReportScope } from './reports.scope';
import { countWhere, int, isAbsent, lateStart, type PageQuery, type Slice, sliceOf } from './reports.sql';
import { sheetTotals, timesheetOfAttendance, withActivity } from './reports.summary';

const a = shiftsView;

/**
 * Team summary (admin): a row per team of the organization (all of them, a team without shifts in the period
 * shows zeros; `team_id` narrows to one), and one row `team: null` for the VAs in no team. A VA in two teams
 * counts in both rows; the totals count every VA and shift once.
 */
const figures = {
  members: int(sql`count(distinct ${a.vaId})`),
  scheduled_minutes: sheetTotals.scheduled_minutes,
  worked_minutes: sheetTotals.worked_minutes,
  active_minutes: sheetTotals.active_minutes,
  billable_minutes: sheetTotals.billable_minutes,
  // count(id), not count(*): a team without shifts joins one row of nulls.
  shifts: int(sql`count(${a.id})`),
  late: countWhere(lateStart),
  absent: countWhere(isAbsent),
};
type Figures = { [K in keyof typeof figures]: number };
const NAMES = Object.keys(figures) as Array<keyof Figures>;

const selectList = sql.join(
  NAMES.map((k) => sql`${figures[k]} as ${sql.identifier(k)}`),
  sql`, `,
);

type RawRow = { team_id: number | null; team_name: string | null } & Record<keyof Figures, string | number>;

const toRow = (r: RawRow): TeamSummaryRow => {
  const f = Object.fromEntries(NAMES.map((k) => [k, Number(r[k])])) as Figures;
  return {
    team: r.team_id === null ? null : { id: Number(r.team_id), name: String(r.team_name) },
    ...withActivity(f),
  };
};

/** The rows of one page (or all: `slice` null), by team name, the VAs in no team last: one query. */
export async function teamRows(
  db: Db,
  organizationId: number,
  scope: ReportScope,
  slice: Slice,
): Promise<TeamSummaryRow[]> {
  const memberships = teamMembershipsSql(organizationId);
  const page: SQL = slice ? sql` limit ${slice.limit} offset ${slice.offset}` : sql``;
  const result = await db.execute(sql`
    select t.id as team_id, t.name as team_name, ${selectList}
    from ${organizationTeamsSql(organizationId, scope.filters.team_id)} t
    left join ${memberships} m on m.team_id = t.id
    left join (${a} left join ${timesheets} on ${timesheetOfAttendance})
      on ${a.vaId} = m.user_id and ${scope.where}
    group by t.id, t.name
    union all
    select null, null, ${selectList}
    from ${a} left join ${timesheets} on ${timesheetOfAttendance}
    where ${scope.where} and ${a.vaId} not in (select n.user_id from ${memberships} n)
    having count(${a.id}) > 0
    order by team_name nulls last, team_id${page}`);
  return rowsOf<RawRow>(result).map(toRow);
}

/** The totals (each VA and shift once) and how many rows: the teams, and the no-team row when it has VAs. */
export async function teamTotals(db: Db, organizationId: number, scope: ReportScope) {
  const memberships = teamMembershipsSql(organizationId);
  const [row] = await db
    .select({
      ...figures,
      teams: int(
        sql`(select count(*) from ${organizationTeamsSql(organizationId, scope.filters.team_id)} t)`,
      ),
      loose: countWhere(sql`${a.vaId} not in (select n.user_id from ${memberships} n)`),
    })
    .from(a)
    .leftJoin(timesheets, timesheetOfAttendance)
    .where(scope.where);
  const { teams, loose, ...totals } = row;
  return { rows: teams + (loose > 0 ? 1 : 0), totals: withActivity(totals) };
}

/** `reports/team-summary`: a page of teams, with the totals of the period. */
export async function teamSummaryReport(
  db: Db,
  organizationId: number,
  scope: ReportScope,
  q: PageQuery,
): Promise<TeamSummaryReport> {
  const [data, { rows, totals }] = await Promise.all([
    teamRows(db, organizationId, scope, sliceOf(q)),
    teamTotals(db, organizationId, scope),
  ]);
  return { data, meta: { ...paginationMeta(q.page, q.per_page, rows), period: scope.period, totals } };
}
