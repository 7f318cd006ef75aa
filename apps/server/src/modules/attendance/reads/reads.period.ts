import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { localDate, zonedTimeToInstant } from '@vahub/shared/time/zoned';

/** A span of local dates (inclusive) and the instants that bound it in one zone, end exclusive. */
export type Period = { from: string; to: string; startAt: Date; endAt: Date };

export const zoneOf = (timezone: string | null | undefined) => timezone || 'UTC';

/** The period from `from` to `to` (inclusive local dates) in `timeZone`. */
export function period(from: string, to: string, timeZone: string): Period {
  return {
    from,
    to,
    startAt: zonedTimeToInstant(from, 0, timeZone),
    endAt: zonedTimeToInstant(addDays(to, 1), 0, timeZone),
  };
}

/** Today and this week (Monday to Sunday) in `timeZone` at `now`. */
export function todayAndWeek(now: Date, timeZone: string) {
  const today = localDate(now, timeZone);
  const monday = addDays(today, 1 - isoWeekday(today));
  return { today, day: period(today, today, timeZone), week: period(monday, addDays(monday, 6), timeZone) };
}

/** `start_date`..`end_date` as given; one side alone means the week from (or up to) it; none the current week. */
export function rangeOrWeek(
  q: { start_date?: string; end_date?: string },
  now: Date,
  timeZone: string,
): { from: string; to: string } {
  const { week } = todayAndWeek(now, timeZone);
  if (q.start_date && q.end_date) return { from: q.start_date, to: q.end_date };
  if (q.start_date) return { from: q.start_date, to: addDays(q.start_date, 6) };
  if (q.end_date) return { from: addDays(q.end_date, -6), to: q.end_date };
  return { from: week.from, to: week.to };
}
