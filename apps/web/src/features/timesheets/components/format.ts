import { formatDuration } from '../../../lib/format/time';

/** Minutes as the app's durations ('7 h 30 min'); a negative adjustment keeps its sign. */
export const duration = (minutes: number): string =>
  minutes < 0 ? `−${formatDuration(-minutes)}` : formatDuration(minutes);

/** A signed adjustment: '+30 min', '−1 h', '0 min'. */
export const signedDuration = (minutes: number): string =>
  minutes > 0 ? `+${formatDuration(minutes)}` : duration(minutes);

/** Minutes as decimal hours with two places ('7.50'), as payroll sheets take them. */
export const decimalHours = (minutes: number): string => (minutes / 60).toFixed(2);

/** Activity as a percentage, or a dash while nothing was worked. */
export const percent = (value: number | null): string => (value === null ? '–' : `${value}%`);

/** Active of worked over a total (a totals row's activity). */
export const activityOf = (active: number, worked: number): number | null =>
  worked > 0 ? Math.round((active / worked) * 100) : null;

/** A local date as 'Mon, Nov 16' in the language (the date is a calendar day: read it at noon UTC). */
export const dayLabel = (date: string, language: string): string =>
  new Intl.DateTimeFormat(language || 'en', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
