import type { Attendance } from '@vahub/shared/attendance/schemas';
import type { UserRequest } from '@vahub/shared/requests/schemas';
import type { TFunction } from 'i18next';
import { formatDuration, type TimeFormatter } from '../../../lib/format/time';

// Calendar days are read at noon UTC, so no zone moves them to the day before or after.
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** A local date as 'Mon, Dec 1' in the language. */
export const dayLabel = (date: string, language: string): string =>
  new Intl.DateTimeFormat(language || 'en', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(noon(date));

/** A range of dates with its year: 'Dec 1 – 5, 2026', or one day: 'Dec 1, 2026'. */
export function rangeLabel(start: string, end: string, language: string): string {
  const format = new Intl.DateTimeFormat(language || 'en', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return start === end ? format.format(noon(start)) : format.formatRange(noon(start), noon(end));
}

/** The dates a request covers: its range, or the make-up shift's day. */
export const requestDates = (
  r: Pick<UserRequest, 'target_start_date' | 'target_end_date' | 'mus'>,
  language: string,
) =>
  r.mus
    ? rangeLabel(r.mus.date, r.mus.date, language)
    : rangeLabel(r.target_start_date, r.target_end_date, language);

/** How much a request asks for: working days of a leave, minutes of overtime or of a make-up shift. */
export function amountOf(r: Pick<UserRequest, 'days' | 'minutes'>, t: TFunction): string {
  if (r.minutes !== null) return formatDuration(r.minutes);
  if (r.days !== null) return t('requests:amount.days', { count: r.days });
  return '–';
}

/** A shift in a picker: 'Tue, Dec 2 · 09:00 – 17:00', in the contract's zone. */
export const shiftLabel = (s: Attendance, fmt: TimeFormatter, language: string): string =>
  `${dayLabel(s.date, language)} · ${fmt.time(s.scheduled_start_at, s.timezone)} – ${fmt.time(s.scheduled_end_at, s.timezone)}`;

/** A file's size: '340 kB', '1.2 MB'. */
export function bytesLabel(bytes: number, language: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language || 'en', {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(1, Math.round(bytes / 1024)));
}
