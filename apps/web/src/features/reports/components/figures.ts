import { formatDuration } from '../../../lib/format/time';

/** Minutes as the app writes durations ("7 h 30 min"). */
export const minutes = (value: number) => formatDuration(value);

/** A percentage, or a dash where there is nothing to measure (no judged shift, no worked time). */
export const percent = (value: number | null) => (value === null ? '—' : `${value} %`);

/** A chart axis tick: whole hours (the tooltip shows the exact duration). */
export const hoursTick = (value: number) => `${Math.round(value / 60)} h`;
