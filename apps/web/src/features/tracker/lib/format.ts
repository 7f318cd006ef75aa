import type { TFunction } from 'i18next';

/** A running clock: "0:07:05", "12:30:00" (hours not padded, never days). */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The spec's duration: "2 h 30 min", "45 min", "3 h" (whole minutes, floored). */
export function formatDuration(t: TFunction, totalSeconds: number): string {
  const minutes = Math.max(0, Math.floor(totalSeconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('tracker:duration.m', { m });
  if (m === 0) return t('tracker:duration.h', { h });
  return t('tracker:duration.hm', { h, m });
}

/** Seconds from an ISO instant to `now` (0 before it). */
export const secondsSince = (iso: string | null | undefined, now: number): number =>
  iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 1000)) : 0;

/**
 * A shift's running time at `now`: since its first clock-in, less the breaks between a clock-out and a clock-in
 * again (the time continues where it stopped).
 */
export const shiftSeconds = (
  a: { started_at: string | null; break_seconds?: number } | null | undefined,
  now: number,
): number => Math.max(0, secondsSince(a?.started_at, now) - (a?.break_seconds ?? 0));
