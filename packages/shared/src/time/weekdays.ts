/** ISO weekdays: 1 = Monday … 7 = Sunday. 0 is accepted as Sunday and becomes 7. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export const MINUTES_PER_DAY = 1440;
export const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** 0 (Sunday, as JavaScript counts) becomes 7; 1–7 stay. Anything else throws. */
export function normalizeWeekday(day: number): Weekday {
  if (!Number.isInteger(day) || day < 0 || day > 7) throw new RangeError(`Not a weekday: ${day}`);
  return (day === 0 ? 7 : day) as Weekday;
}

/** The weekday after `day` (Sunday wraps to Monday). */
export const nextWeekday = (day: Weekday): Weekday => ((day % 7) + 1) as Weekday;

export const weekdayName = (day: number): string => WEEKDAY_NAMES[normalizeWeekday(day)];

/** "HH:MM" → minutes since midnight; null when it is not a time of day. */
export function parseTimeOfDay(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

/** Minutes since midnight → "HH:MM" (24-hour). 1440 prints as "24:00". */
export function formatMinutes(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Minutes since midnight → "9:00 AM" style. */
export function formatMinutes12(minute: number): string {
  const m = ((minute % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const h = Math.floor(m / 60);
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m % 60).padStart(2, '0')} ${suffix}`;
}

/** A block ending at or before its start runs past midnight into the next day. */
export const isOvernight = (startMinute: number, endMinute: number): boolean => endMinute <= startMinute;

/** Wall-clock length of a block in minutes (an overnight block wraps; equal ends count as 24 h). */
export function blockDuration(startMinute: number, endMinute: number): number {
  return endMinute > startMinute ? endMinute - startMinute : endMinute + MINUTES_PER_DAY - startMinute;
}

/** "Monday 09:00–17:00", how error messages name a block. */
export function describeBlock(b: { weekday: number; start_minute: number; end_minute: number }): string {
  const overnight = isOvernight(b.start_minute, b.end_minute) ? ' (next day)' : '';
  return `${weekdayName(b.weekday)} ${formatMinutes(b.start_minute)}–${formatMinutes(b.end_minute)}${overnight}`;
}
