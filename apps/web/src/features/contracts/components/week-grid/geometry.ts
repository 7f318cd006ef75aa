import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { occurrenceOn } from '@vahub/shared/time/schedule-blocks';
import {
  blockDuration,
  MINUTES_PER_DAY,
  MINUTES_PER_WEEK,
  nextWeekday,
  normalizeWeekday,
  type Weekday,
} from '@vahub/shared/time/weekdays';
import { instantToZoned, zonedTimeToInstant } from '@vahub/shared/time/zoned';

/** Pure maths of the week grid: minutes ⇄ pixels, snapping, and how blocks fall into day columns. */

export const SNAP_MINUTES = 15;
export const DEFAULT_HOUR_PX = 40;
/** The shortest block the grid makes (one snap step). */
export const MIN_BLOCK_MINUTES = SNAP_MINUTES;

export interface Block {
  weekday: number;
  start_minute: number;
  end_minute: number;
}

export interface Segment {
  weekday: Weekday;
  /** Minutes since midnight of that column. */
  start: number;
  end: number;
  /** `head` runs to midnight, `tail` continues after it; `whole` stays in one day. */
  part: 'whole' | 'head' | 'tail';
}

export const minutesToPx = (minutes: number, hourPx = DEFAULT_HOUR_PX): number => (minutes * hourPx) / 60;
export const pxToMinutes = (px: number, hourPx = DEFAULT_HOUR_PX): number => (px * 60) / hourPx;
export const snap = (minutes: number, step = SNAP_MINUTES): number => Math.round(minutes / step) * step;
export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The snapped minute of the day under a pointer `y` pixels below the column's top. */
export const minuteAt = (y: number, hourPx = DEFAULT_HOUR_PX): number =>
  clamp(snap(pxToMinutes(y, hourPx)), 0, MINUTES_PER_DAY);

/**
 * The pieces of a block in the day columns: an overnight block (end <= start) runs to midnight and
 * continues the next day, Sunday wrapping to Monday. A block ending exactly at midnight has no tail.
 */
export function blockSegments(b: Block): Segment[] {
  const weekday = normalizeWeekday(b.weekday);
  if (b.end_minute > b.start_minute) {
    return [{ weekday, start: b.start_minute, end: b.end_minute, part: 'whole' }];
  }
  const head: Segment = { weekday, start: b.start_minute, end: MINUTES_PER_DAY, part: 'head' };
  if (b.end_minute === 0) return [head];
  return [head, { weekday: nextWeekday(weekday), start: 0, end: b.end_minute, part: 'tail' }];
}

/** Top and height in pixels of a segment. */
export const segmentBox = (s: Segment, hourPx = DEFAULT_HOUR_PX) => ({
  top: minutesToPx(s.start, hourPx),
  height: minutesToPx(s.end - s.start, hourPx),
});

/** The block drawn by dragging from minute `a` to minute `b` in one day column (snapped, at least 15 min). */
export function rangeFromDrag(weekday: number, a: number, b: number): Block {
  let start = clamp(snap(Math.min(a, b)), 0, MINUTES_PER_DAY - MIN_BLOCK_MINUTES);
  let end = clamp(snap(Math.max(a, b)), 0, MINUTES_PER_DAY);
  if (end - start < MIN_BLOCK_MINUTES) end = start + MIN_BLOCK_MINUTES;
  start = clamp(start, 0, MINUTES_PER_DAY);
  // Ending at midnight is stored as 0: an "overnight" block that stops as the next day starts.
  return { weekday: normalizeWeekday(weekday), start_minute: start, end_minute: end % MINUTES_PER_DAY };
}

/**
 * A block moved by `deltaMinutes` (snapped) and `deltaDays` columns, keeping its length. Moving past
 * midnight or past Sunday wraps around the week.
 */
export function moveBlock<B extends Block>(b: B, deltaMinutes: number, deltaDays: number): B {
  const duration = blockDuration(b.start_minute, b.end_minute);
  const weekStart = (normalizeWeekday(b.weekday) - 1) * MINUTES_PER_DAY + b.start_minute;
  const moved =
    (((weekStart + snap(deltaMinutes) + deltaDays * MINUTES_PER_DAY) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) %
    MINUTES_PER_WEEK;
  const start = moved % MINUTES_PER_DAY;
  return {
    ...b,
    weekday: Math.floor(moved / MINUTES_PER_DAY) + 1,
    start_minute: start,
    end_minute: (start + duration) % MINUTES_PER_DAY,
  };
}

/** A block whose end moved by `deltaMinutes` (snapped): at least 15 minutes, less than a day; may cross midnight. */
export function resizeBlock<B extends Block>(b: B, deltaMinutes: number): B {
  const duration = clamp(
    snap(blockDuration(b.start_minute, b.end_minute) + deltaMinutes),
    MIN_BLOCK_MINUTES,
    MINUTES_PER_DAY - MIN_BLOCK_MINUTES,
  );
  return { ...b, end_minute: (b.start_minute + duration) % MINUTES_PER_DAY };
}

/** Monday of the week holding `date` (YYYY-MM-DD). */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));

/** The date of `weekday` in the week starting on `monday`. */
export const dateOfWeekday = (monday: string, weekday: number): string =>
  addDays(monday, normalizeWeekday(weekday) - 1);

/**
 * A block of `fromZone` as the wall clock of `toZone` reads it, in the week starting `monday` (offsets, DST
 * included, are those of that week).
 */
export function convertBlock<B extends Block>(b: B, fromZone: string, toZone: string, monday: string): B {
  if (fromZone === toZone) return b;
  const occ = occurrenceOn(b, dateOfWeekday(monday, b.weekday), fromZone);
  const start = instantToZoned(occ.start, toZone);
  const end = instantToZoned(occ.end, toZone);
  return { ...b, weekday: isoWeekday(start.date), start_minute: start.minute, end_minute: end.minute };
}

/** The minute of the day in `toZone` when `fromZone` reads `minute` on `date`. */
export function convertMinute(date: string, minute: number, fromZone: string, toZone: string): number {
  if (fromZone === toZone) return minute;
  return instantToZoned(zonedTimeToInstant(date, minute, fromZone), toZone).minute;
}
