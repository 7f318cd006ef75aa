import { dateToUtcMs, formatUtcDate } from './dates';

/**
 * Wall clock ⇄ instant conversions through Intl, the only time zone database the runtime has.
 * Offsets are minutes east of UTC (Manila +480, New York −300 or −240).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `ms` in `timeZone`, as if it were UTC (epoch ms). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const hour = parts.hour === 24 ? 0 : parts.hour;
  return Date.UTC(parts.year, parts.month - 1, parts.day, hour, parts.minute, parts.second);
}

/** Offset of `timeZone` from UTC at the instant `ms`, in minutes. */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  // The wall clock drops the milliseconds; the rounding to whole minutes absorbs them.
  return Math.round((wallClockMs(ms, timeZone) - ms) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` + `minute` (0–1440; 1440 is the next
 * midnight). Like Temporal's "compatible" disambiguation: a time that happens twice (autumn overlap) is the
 * first one; a time that does not exist (spring gap) moves forward by the gap (02:30 → 03:30).
 */
export function zonedTimeToInstant(date: string, minute: number, timeZone: string): Date {
  const wall = dateToUtcMs(date) + minute * 60_000;
  const before = zoneOffsetMinutes(wall - 86_400_000, timeZone);
  const after = zoneOffsetMinutes(wall + 86_400_000, timeZone);
  // Both read `wall` only in an autumn overlap, where the offset falls: the one from before comes first.
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((t) => t + zoneOffsetMinutes(t, timeZone) * 60_000 === wall);
  if (candidates.length) return new Date(candidates[0]);
  return new Date(wall - before * 60_000);
}

/**
 * The first instant at which the wall clock in `timeZone` reads `date` + `minute` or later: where a schedule
 * block's edge lies. The same instant as `zonedTimeToInstant` for a time that exists (the first one in an
 * autumn overlap); for a time inside a spring gap, the moment the clock reappears (02:30 → 03:00, not 03:30),
 * so a block's edges keep their order and a block lying wholly inside the gap has no time at all.
 */
export function wallClockReaches(date: string, minute: number, timeZone: string): Date {
  const wall = dateToUtcMs(date) + minute * 60_000;
  // `hi` reads `wall` or (in a gap, moved forward) later; `lo`, read with the later offset, is no later than
  // `hi` only near a spring change, where the clock reads earlier than `wall` at it. Bisect to the second
  // (zones change on whole seconds); away from a change lo = hi and nothing is searched.
  let lo = wall - zoneOffsetMinutes(wall + 86_400_000, timeZone) * 60_000;
  let hi = zonedTimeToInstant(date, minute, timeZone).getTime();
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (mid + zoneOffsetMinutes(mid, timeZone) * 60_000 >= wall) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** The local calendar date and minute of the day of an instant in `timeZone`. */
export function instantToZoned(instant: Date | number, timeZone: string): { date: string; minute: number } {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const wall = ms + zoneOffsetMinutes(ms, timeZone) * 60_000;
  const date = formatUtcDate(wall);
  return { date, minute: Math.floor((wall - dateToUtcMs(date)) / 60_000) };
}

/** Today's date in `timeZone` at the instant `now`. */
export const localDate = (now: Date, timeZone: string): string => instantToZoned(now, timeZone).date;

/**
 * Dates in [from, from + days) on which the zone's offset differs from the day before: DST changes.
 * Sampled at noon UTC, which is enough since zones change offset at most once a day.
 */
export function offsetChanges(timeZone: string, from: string, days: number): string[] {
  const changes: string[] = [];
  const start = dateToUtcMs(from) + 12 * 3_600_000;
  let previous = zoneOffsetMinutes(start - 86_400_000, timeZone);
  for (let i = 0; i < days; i++) {
    const ms = start + i * 86_400_000;
    const offset = zoneOffsetMinutes(ms, timeZone);
    if (offset !== previous) changes.push(formatUtcDate(ms));
    previous = offset;
  }
  return changes;
}
