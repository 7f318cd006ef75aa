import type { Attendance } from '@vahub/shared/attendance/schemas';
import { mondayOf } from '@vahub/shared/time/dates';

/** One week (Monday first) of a VA's shifts with its totals. */
export interface WeekTotals<A extends Attendance = Attendance> {
  /** The Monday of the week, a local date. */
  weekStart: string;
  shifts: A[];
  scheduledSeconds: number;
  workedSeconds: number;
  activeSeconds: number;
  late: number;
  lateMinutes: number;
  absent: number;
}

/** The Monday of a local date's week. */
export { mondayOf };

/**
 * Groups shifts by the week of their own local date (the contract's, as the API gives it), keeping the
 * order they came in (the API's: soonest first for upcoming, newest first for passed), and sums each week.
 * Shifts on leave count no scheduled time, as in the counters.
 */
export function weeklyTotals<A extends Attendance>(shifts: A[]): WeekTotals<A>[] {
  const weeks = new Map<string, WeekTotals<A>>();
  for (const s of shifts) {
    const key = mondayOf(s.date);
    let w = weeks.get(key);
    if (!w) {
      w = {
        weekStart: key,
        shifts: [],
        scheduledSeconds: 0,
        workedSeconds: 0,
        activeSeconds: 0,
        late: 0,
        lateMinutes: 0,
        absent: 0,
      };
      weeks.set(key, w);
    }
    w.shifts.push(s);
    if (s.status !== 'on_leave') w.scheduledSeconds += s.scheduled_seconds;
    w.workedSeconds += s.worked_seconds;
    w.activeSeconds += s.active_seconds;
    if (s.late_minutes > 0) {
      w.late += 1;
      w.lateMinutes += s.late_minutes;
    }
    if (s.status === 'absent') w.absent += 1;
  }
  return [...weeks.values()];
}
