import { formatDuration } from '../../../lib/format/time';

/** Minutes as the app writes durations ("7 h 30 min"). */
export const minutes = (value: number) => formatDuration(value);

/** A percentage, or a dash where there is nothing to measure (no judged shift, no worked time). */
export const percent = (value: number | null) => (value === null ? '—' : `${value} %`);

/** A chart axis tick: whole hours (the tooltip shows the exact duration). */
export const hoursTick = (value: number) => `${Math.round(value / 60)} h`;

const STEPS = [1, 2, 4, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000];

/** Ticks of a duration axis in whole, round hours (0, 50 h, 100 h…), about `count` of them up to `max` minutes. */
export function hourTicks(max: number, count = 4): number[] {
  const hours = Math.max(1, Math.ceil(max / 60));
  const step = STEPS.find((s) => s * count >= hours) ?? Math.ceil(hours / count);
  const ticks: number[] = [];
  for (let h = 0; h <= hours + step - 1; h += step) ticks.push(h * 60);
  return ticks;
}
