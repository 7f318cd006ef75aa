import { isoWeekday, parseDate } from '@vahub/shared/time/dates';
import { instantToZoned } from '@vahub/shared/time/zoned';

// How notifications write dates, times and lengths in English (the mail's words; the web says it from `data`).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DATE = /^\d{4}-\d{2}-\d{2}/;

/** The `YYYY-MM-DD` at the start of `value` (a date, or an instant as the requests API also takes), or null. */
export const dateOf = (value: string | null | undefined): string | null =>
  value && DATE.test(value) ? value.slice(0, 10) : null;

/** "3 Dec", or "3 Dec 2026" with the year. */
export function day(date: string, withYear = false): string {
  const { year, month, day: d } = parseDate(date);
  return `${d} ${MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`;
}

/** "Tue 3 Dec 2026". */
export const longDay = (date: string): string => `${WEEKDAYS[isoWeekday(date) - 1]} ${day(date, true)}`;

/**
 * A span of dates, as short as it reads clearly: "3 Dec", "3–5 Dec", "30 Nov – 2 Dec"; with `withYear` the
 * year follows ("3–5 Dec 2026"). Two different years always show both.
 */
export function dateRange(from: string, to: string, withYear = false): string {
  const a = parseDate(from);
  const b = parseDate(to);
  if (from === to) return day(from, withYear);
  if (a.year !== b.year) return `${day(from, true)} – ${day(to, true)}`;
  const year = withYear ? ` ${a.year}` : '';
  if (a.month === b.month) return `${a.day}–${b.day} ${MONTHS[a.month - 1]}${year}`;
  return `${day(from)} – ${day(to)}${year}`;
}

/** Minutes since midnight as "09:00". */
export const clock = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Whether `zone` is a time zone this runtime knows (a profile may hold an old or empty one). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone to show a recipient times in: theirs, else `fallback` (the shift's). */
export const zoneFor = (zone: string | null | undefined, fallback: string): string =>
  zone && knownZone(zone) ? zone : fallback;

/** An instant's local date and "09:00" in a zone. */
export function zonedClock(instant: Date, zone: string): { date: string; time: string } {
  const z = instantToZoned(instant, zone);
  return { date: z.date, time: clock(z.minute) };
}

/** "45 min", "2 h", "1 h 30 min". */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** A text as a sentence: a full stop unless it already ends with one. */
export const sentence = (text: string): string =>
  /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;

/** "Ana Cruz's". */
export const possessive = (name: string): string => `${name}'s`;

/** A reason read on after a colon: its first letter lower case, unless it starts an acronym ("VPN"). */
export const afterColon = (text: string): string =>
  /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
