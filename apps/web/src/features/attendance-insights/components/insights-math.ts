import { addDays, isoWeekday } from '@vahub/shared/time/dates';
import { instantToZoned, zonedTimeToInstant } from '@vahub/shared/time/zoned';
import type { ActivityBlock, CalendarDay, DurationRow } from '../api/insights';

/** The pure maths of the insights pages (no React): block cells, month grids, sorting, totals. */

/** Activity share buckets of a block, 0 (nothing tracked) to 4 (75 % or more active). */
export type ActivityLevel = 0 | 1 | 2 | 3 | 4;
export function activityLevel(block: Pick<ActivityBlock, 'tracked_seconds' | 'activity_percent'> | null) {
  if (!block || block.tracked_seconds <= 0) return 0 as ActivityLevel;
  const p = block.activity_percent;
  return (p >= 75 ? 4 : p >= 50 ? 3 : p >= 25 ? 2 : 1) as ActivityLevel;
}

export const BLOCK_MS = 600_000;
export const SLOTS_PER_HOUR = 6;

/** One 10-minute cell of a day: where it sits (hour column, slot row), when it starts, its block if any. */
export type DayCell = {
  index: number;
  column: number;
  slot: number;
  startAt: Date;
  block: ActivityBlock | null;
};
export type DayColumn = { index: number; startAt: Date; localMinute: number };

/**
 * The 10-minute cells from `from` to `to` (instants; whole hours make whole columns). A block lands in the
 * cell its start falls in, so blocks never overlap even where the zone's offset is not a whole hour.
 */
export function spanCells(from: Date, to: Date, timeZone: string, blocks: ActivityBlock[]) {
  const start = from.getTime();
  const count = Math.max(0, Math.round((to.getTime() - start) / BLOCK_MS));
  const byIndex = new Map<number, ActivityBlock>();
  for (const b of blocks) {
    const i = Math.floor((new Date(b.start_at).getTime() - start) / BLOCK_MS);
    if (i >= 0 && i < count) byIndex.set(i, b);
  }
  const cells: DayCell[] = Array.from({ length: count }, (_, index) => ({
    index,
    column: Math.floor(index / SLOTS_PER_HOUR),
    slot: index % SLOTS_PER_HOUR,
    startAt: new Date(start + index * BLOCK_MS),
    block: byIndex.get(index) ?? null,
  }));
  const columns: DayColumn[] = Array.from({ length: Math.ceil(count / SLOTS_PER_HOUR) }, (_, index) => {
    const at = new Date(start + index * SLOTS_PER_HOUR * BLOCK_MS);
    return { index, startAt: at, localMinute: instantToZoned(at, timeZone).minute };
  });
  return { cells, columns };
}

/** A local day's instants in `timeZone`: 24 hours, 23 on the spring-forward day, 25 on the fall-back one. */
export const dayBounds = (date: string, timeZone: string) => ({
  from: zonedTimeToInstant(date, 0, timeZone),
  to: zonedTimeToInstant(addDays(date, 1), 0, timeZone),
});

/** A local day as 10-minute cells from its midnight to the next (the repeated hour gets its own column). */
export function dayCells(date: string, timeZone: string, blocks: ActivityBlock[]) {
  const { from, to } = dayBounds(date, timeZone);
  return spanCells(from, to, timeZone, blocks);
}

const HOUR_MS = 3_600_000;
/** Whole hours around a shift: from the hour its first moment falls in to the end of its last. */
export function shiftBounds(instants: (string | null | undefined)[]) {
  const ms = instants.filter((v): v is string => Boolean(v)).map((v) => new Date(v).getTime());
  const first = Math.min(...ms);
  const last = Math.max(...ms);
  return {
    from: new Date(Math.floor(first / HOUR_MS) * HOUR_MS),
    to: new Date(Math.max(Math.ceil(last / HOUR_MS), Math.floor(first / HOUR_MS) + 1) * HOUR_MS),
  };
}

/** Sums of a day's blocks: tracked, active and idle seconds, and the active share of tracked time. */
export function blockTotals(blocks: ActivityBlock[]) {
  const tracked = blocks.reduce((s, b) => s + b.tracked_seconds, 0);
  const active = blocks.reduce((s, b) => s + b.active_seconds, 0);
  const idle = blocks.reduce((s, b) => s + b.idle_seconds, 0);
  return { tracked, active, idle, percent: tracked > 0 ? Math.round((active / tracked) * 100) : null };
}

/** `YYYY-MM` of a local date, and the months around one. */
export const monthOf = (date: string) => date.slice(0, 7);
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The weeks of a month, Sunday first (the spec's calendars), with null before the 1st and after the last. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const days: (string | null)[] = Array.from({ length: isoWeekday(first) % 7 }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
}

/** A calendar day's counts as the page says them: shifts worked on time, late, absent, on leave, still to come. */
export function dayCounts(day: CalendarDay) {
  const worked = day.completed + day.ongoing;
  return {
    onTime: Math.max(0, worked - day.late),
    late: day.late,
    absent: day.absent,
    onLeave: day.on_leave,
    upcoming: day.upcoming,
  };
}

export const DURATION_SORTS = ['name', 'scheduled', 'worked', 'active', 'activity', 'late'] as const;
export type DurationSort = (typeof DURATION_SORTS)[number];
export type SortDir = 'asc' | 'desc';

const sortValue: Record<Exclude<DurationSort, 'name'>, (r: DurationRow) => number> = {
  scheduled: (r) => r.scheduled_seconds,
  worked: (r) => r.worked_seconds,
  active: (r) => r.active_seconds,
  activity: (r) => r.activity_percent ?? -1,
  late: (r) => r.late,
};

/** The rows of a page in the chosen order (ties by name, so the order is stable). */
export function sortDurationRows(rows: DurationRow[], by: DurationSort, dir: SortDir): DurationRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  const byName = (a: DurationRow, b: DurationRow) => a.va.name.localeCompare(b.va.name);
  return [...rows].sort((a, b) => {
    if (by === 'name') return sign * byName(a, b);
    return sign * (sortValue[by](a) - sortValue[by](b)) || byName(a, b);
  });
}

/** Totals of the rows: every duration summed, late shifts counted, activity as the share of the sums. */
export function durationTotals(rows: DurationRow[]) {
  const sum = (f: (r: DurationRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const worked = sum((r) => r.worked_seconds);
  const active = sum((r) => r.active_seconds);
  return {
    shifts: sum((r) => r.shifts),
    scheduled: sum((r) => r.scheduled_seconds),
    worked,
    active,
    idle: sum((r) => r.idle_seconds),
    late: sum((r) => r.late),
    lateMinutes: sum((r) => r.late_minutes),
    absent: sum((r) => r.absent),
    activity: worked > 0 ? Math.round((active / worked) * 100) : null,
  };
}
