import type { Counters } from '@vahub/shared/attendance/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { and, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { activeContractVaCountSql } from '../../contracts/public';
import { idleColumn, onlineColumn } from '../attendance.presence-sql';
import { attendanceScope } from '../attendance.scope';
import { attendances as a, attendanceBlocks as b } from '../attendance.table';
import { type period, todayAndWeek, zoneOf } from './reads.period';
import { scheduledSecondsSum } from './reads.summary';

const int = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);

/**
 * The dashboard counters (admin, manager in scope; the client's `stats` for their own VAs), in two queries.
 * "Today" and "this week" (from Monday) are the viewer's. A shift belongs to them by its scheduled start
 * (scheduled, late, absent, on leave, scheduled time): a Manila shift starting at 22:00 UTC is tomorrow's for a
 * viewer in Manila. Worked time is the time worked inside the viewer's day and week: the 10-minute blocks
 * starting in them, whatever the shift's day (a New York shift's evening hours are a Manila manager's morning).
 * Presence counts VAs now:
 * online (pinging, not idle), idle, offline on shift (ongoing, no ping for 2 minutes); the three add up to
 * `on_shift`. A shift on leave is neither scheduled time nor a scheduled shift; it has its own counter.
 */
export async function countersOf(deps: Deps, viewer: Viewer): Promise<Counters> {
  const now = deps.clock.now();
  const timezone = zoneOf(viewer.timezone);
  const { today, day, week } = todayAndWeek(now, timezone);
  const isToday = and(gte(a.scheduledStartAt, day.startAt), lt(a.scheduledStartAt, day.endAt)) as SQL;
  const inWeek = and(gte(a.scheduledStartAt, week.startAt), lt(a.scheduledStartAt, week.endAt)) as SQL;
  const online = onlineColumn(now);
  const idle = idleColumn(now);
  const notLeave = sql`${a.status} <> 'on_leave'`;
  const [[row], [worked]] = await Promise.all([
    deps.db
      .select({
        vas: activeContractVaCountSql(viewer),
        onShift: int(sql`count(distinct ${a.vaId}) filter (where ${a.status} = 'ongoing')`),
        online: int(sql`count(distinct ${a.vaId}) filter (where ${online} and not ${idle})`),
        idle: int(sql`count(distinct ${a.vaId}) filter (where ${idle})`),
        offline: int(sql`count(distinct ${a.vaId}) filter (where ${a.status} = 'ongoing' and not ${online})`),
        scheduledToday: int(sql`count(*) filter (where ${isToday} and ${notLeave})`),
        lateToday: int(sql`count(*) filter (where ${isToday} and ${a.lateMinutes} > 0)`),
        absentToday: int(sql`count(*) filter (where ${isToday} and ${a.status} = 'absent')`),
        onLeaveToday: int(sql`count(*) filter (where ${isToday} and ${a.status} = 'on_leave')`),
        scheduledWeek: int(scheduledSecondsSum(sql`${inWeek} and ${notLeave}`)),
      })
      .from(a)
      .where(
        and(
          attendanceScope(viewer),
          or(
            // The shifts' local dates lie within a day of the viewer's: the date index narrows, the instants decide.
            and(gte(a.date, addDays(week.from, -1)), lt(a.date, addDays(week.to, 2)), or(isToday, inWeek)),
            eq(a.status, 'ongoing'),
          ),
        ),
      ),
    workedIn(deps, viewer, day, week),
  ]);
  return {
    vas: Number(row?.vas ?? 0),
    on_shift: row?.onShift ?? 0,
    online: row?.online ?? 0,
    idle: row?.idle ?? 0,
    offline_on_shift: row?.offline ?? 0,
    scheduled_today: row?.scheduledToday ?? 0,
    late_today: row?.lateToday ?? 0,
    absent_today: row?.absentToday ?? 0,
    on_leave_today: row?.onLeaveToday ?? 0,
    worked_seconds_today: worked?.today ?? 0,
    worked_seconds_week: worked?.week ?? 0,
    scheduled_seconds_week: row?.scheduledWeek ?? 0,
    timezone,
    date: today,
    week_start: week.from,
  };
}

type Span = ReturnType<typeof period>;

/**
 * Seconds tracked in the viewer's day and week: each block's tracked seconds at its start instant. The shifts
 * the viewer sees, dated within two days of the week (a block lies in its shift's window or just past it), walk
 * the date index; each one's blocks of the week are a range of the blocks' primary key (attendance, start).
 */
function workedIn(deps: Deps, viewer: Viewer, day: Span, week: Span) {
  const inDay = sql`${b.startAt} >= ${day.startAt} and ${b.startAt} < ${day.endAt}`;
  return deps.db
    .select({
      today: int(sql`sum(${b.trackedSeconds}) filter (where ${inDay})`),
      week: int(sql`sum(${b.trackedSeconds})`),
    })
    .from(b)
    .innerJoin(a, eq(a.id, b.attendanceId))
    .where(
      and(
        attendanceScope(viewer),
        gte(a.date, addDays(week.from, -2)),
        lt(a.date, addDays(week.to, 2)),
        gte(b.startAt, week.startAt),
        lt(b.startAt, week.endAt),
      ),
    );
}
