import { dateToUtcMs } from '@vahub/shared/time/dates';

/** A calendar date ("2026-11-26") in the language's long style ("Thursday, November 26, 2026"). */
export const longDate = (date: string, language: string): string =>
  new Intl.DateTimeFormat(language || 'en', { dateStyle: 'full', timeZone: 'UTC' }).format(dateToUtcMs(date));

/** A calendar date as a chip shows it ("Thu, Nov 26"). */
export const shortDate = (date: string, language: string): string =>
  new Intl.DateTimeFormat(language || 'en', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(dateToUtcMs(date));

/** Bytes as the viewer's details show them: "512 KB", "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Whole minutes and seconds from now until `until` ("4:05"), or null once passed. */
export function timeLeft(until: string, now: number): string | null {
  const ms = Date.parse(until) - now;
  if (!(ms > 0)) return null;
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
}

/** How long ago, in the largest whole unit: `{unit, value}` for the texts ("4 min ago"). */
export function agoOf(
  at: string,
  now: number,
): { unit: 'now' | 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.floor((now - Date.parse(at)) / 60_000);
  if (minutes < 1) return { unit: 'now', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
