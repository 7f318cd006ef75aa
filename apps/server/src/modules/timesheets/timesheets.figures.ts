import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { shiftsView } from '../attendance/public';
import { overtimeAllowedSql } from '../contracts/public';
import { timesheets } from './timesheets.table';

/**
 * A timesheet's figures as SQL over `timesheets` joined to its shift (`shiftsView`: every read joins them). Open
 * timesheets follow the attendance live; approved ones read their `frozen_*` columns. Minutes are each row's
 * seconds rounded, so the totals of a list are the sums of the rows shown (and of an export's rows).
 */
// In integer arithmetic (half away from zero, as numeric `round(seconds / 60.0)` rounds): a month's totals sum
// tens of thousands of rows, and numeric division cost about a third of the time of summing them.
export const minutes = (seconds: SQLWrapper) =>
  sql<number>`(case when ${seconds} < 0 then -((30 - ${seconds}) / 60) else (${seconds} + 30) / 60 end)`;

/**
 * The minutes between two instants, rounded as `minutes` rounds whole seconds. From a float (`date_part`, not numeric
 * `extract`): a double is exact to far below a microsecond at a shift's length, and holds a minute's half exactly.
 */
export const minutesBetween = (from: SQLWrapper, to: SQLWrapper) => {
  const seconds = sql`date_part('epoch', ${to} - ${from})`;
  return sql<number>`(sign(${seconds}) * floor(abs(${seconds}) / 60 + 0.5))::int`;
};

/** What the attendance has now, whatever the timesheet froze. */
export const live = {
  scheduled: minutesBetween(shiftsView.scheduledStartAt, shiftsView.scheduledEndAt),
  worked: minutes(shiftsView.workedSeconds),
  active: minutes(shiftsView.activeSeconds),
  idle: minutes(shiftsView.idleSeconds),
};

/**
 * Worked minutes the contract lets count: capped at the schedule unless the contract allows overtime. The
 * contract's setting is looked up only for a shift worked past its schedule (CASE tries its branches in order):
 * a month's totals sum tens of thousands of rows, nearly all within their schedule.
 */
const liveCounted = sql<number>`case when ${live.worked} <= ${live.scheduled} then ${live.worked} when ${overtimeAllowedSql(shiftsView.contractId)} then ${live.worked} else ${live.scheduled} end`;

const frozenOr = (frozen: SQLWrapper, current: SQL<number>) =>
  sql<number>`coalesce(${frozen}, ${current})::int`;

const worked = frozenOr(timesheets.frozenWorkedMinutes, live.worked);
const active = frozenOr(timesheets.frozenActiveMinutes, live.active);
const counted = frozenOr(timesheets.frozenCountedMinutes, liveCounted);

/** The figure columns of a timesheet (select them by these names). */
export const figures = {
  scheduled_minutes: frozenOr(timesheets.frozenScheduledMinutes, live.scheduled),
  worked_minutes: worked,
  active_minutes: active,
  idle_minutes: frozenOr(timesheets.frozenIdleMinutes, live.idle),
  overtime_minutes: sql<number>`${timesheets.overtimeMinutes}`,
  adjustment_minutes: sql<number>`${timesheets.adjustmentMinutes}`,
  // A rejected timesheet bills nothing.
  billable_minutes: sql<number>`case when ${timesheets.status} = 'rejected' then 0 else greatest(0, ${counted} + ${timesheets.overtimeMinutes} + ${timesheets.adjustmentMinutes}) end::int`,
  activity_percent: sql<
    number | null
  >`case when ${worked} > 0 then round(${active} * 100.0 / ${worked})::int else null end`,
};

export type FigureName = Exclude<keyof typeof figures, 'activity_percent'>;
export const FIGURE_NAMES = Object.keys(figures).filter((k) => k !== 'activity_percent') as FigureName[];

/** Sums of the figures over the matched rows (the list's `meta.totals`, an export's totals). */
export const figureTotals = Object.fromEntries(
  FIGURE_NAMES.map((k) => [k, sql<number>`coalesce(sum(${figures[k]}), 0)::int`]),
) as Record<FigureName, SQL<number>>;

/** The values approval writes: the figures as they stand, which then no longer follow the attendance. */
export const freezeSet = {
  frozenScheduledMinutes: live.scheduled,
  frozenWorkedMinutes: live.worked,
  frozenActiveMinutes: live.active,
  frozenIdleMinutes: live.idle,
  frozenCountedMinutes: liveCounted,
};

/** Reopening: the figures follow the attendance again. */
export const thawSet = {
  frozenScheduledMinutes: null,
  frozenWorkedMinutes: null,
  frozenActiveMinutes: null,
  frozenIdleMinutes: null,
  frozenCountedMinutes: null,
};
