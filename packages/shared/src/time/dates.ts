/** Calendar dates as `YYYY-MM-DD` strings, computed in UTC so no local zone leaks in. */

const DAY_MS = 86_400_000;

export function parseDate(date: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/** Midnight UTC of the date, in epoch milliseconds. */
export function dateToUtcMs(date: string): number {
  const { year, month, day } = parseDate(date);
  return Date.UTC(year, month - 1, day);
}

export const formatUtcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string =>
  formatUtcDate(dateToUtcMs(date) + days * DAY_MS);

/** Whole days from `a` to `b` (positive when b is later). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((dateToUtcMs(b) - dateToUtcMs(a)) / DAY_MS);

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const d = new Date(dateToUtcMs(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Monday of the ISO week `date` lies in (weeks start on Monday everywhere in the product). */
export const mondayOf = (date: string): string => addDays(date, 1 - isoWeekday(date));

export const isValidDate = (date: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  return formatUtcDate(dateToUtcMs(date)) === date;
};

export const maxDate = (a: string, b: string): string => (a > b ? a : b);
export const minDate = (a: string, b: string): string => (a < b ? a : b);
