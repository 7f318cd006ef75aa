import { addDays, daysBetween, isoWeekday, maxDate, minDate } from './dates';
import { blockDuration, MINUTES_PER_DAY, MINUTES_PER_WEEK } from './weekdays';
import { offsetChanges, wallClockReaches } from './zoned';

/** A weekly block as stored: weekday 1–7, minutes since midnight in the contract's zone. */
export type WeeklyBlock = {
  id?: number;
  weekday: number;
  start_minute: number;
  end_minute: number;
  effective_from?: string | null;
  effective_to?: string | null;
};

/** One occurrence of a block: the local date it starts on, and its absolute interval. */
export type Occurrence<B extends WeeklyBlock = WeeklyBlock> = {
  block: B;
  date: string;
  start: Date;
  end: Date;
};

/** Where a block lies in the week, in minutes from Monday 00:00 (the end may pass the week's end). */
function weekSpan(b: WeeklyBlock): [number, number] {
  const start = (b.weekday - 1) * MINUTES_PER_DAY + b.start_minute;
  return [start, start + blockDuration(b.start_minute, b.end_minute)];
}

/**
 * True when two blocks' effective ranges cannot meet. An overnight block spills one day past its
 * effective end, hence the day of margin.
 */
function effectiveRangesApart(a: WeeklyBlock, b: WeeklyBlock): boolean {
  if (a.effective_to && b.effective_from && addDays(a.effective_to, 1) < b.effective_from) return true;
  if (b.effective_to && a.effective_from && addDays(b.effective_to, 1) < a.effective_from) return true;
  return false;
}

/**
 * Whether two blocks of one contract (same zone) overlap in the weekly pattern: overnight blocks run into
 * the next day and Sunday night runs into Monday. Blocks that touch (17:00 end, 17:00 start) do not overlap.
 */
export function weeklyBlocksOverlap(a: WeeklyBlock, b: WeeklyBlock): boolean {
  if (effectiveRangesApart(a, b)) return false;
  const [s1, e1] = weekSpan(a);
  const [s2, e2] = weekSpan(b);
  for (const shift of [-MINUTES_PER_WEEK, 0, MINUTES_PER_WEEK]) {
    if (s1 < e2 + shift && s2 + shift < e1) return true;
  }
  return false;
}

/** The first block of `others` that `block` overlaps, if any. */
export function findWeeklyOverlap<B extends WeeklyBlock>(block: WeeklyBlock, others: B[]): B | null {
  return others.find((o) => weeklyBlocksOverlap(block, o)) ?? null;
}

/** Whether a block runs on `date` (its weekday, inside its effective range). */
export function blockRunsOn(b: WeeklyBlock, date: string): boolean {
  if (isoWeekday(date) !== b.weekday) return false;
  if (b.effective_from && date < b.effective_from) return false;
  if (b.effective_to && date > b.effective_to) return false;
  return true;
}

/**
 * The absolute interval of one block starting on the local `date` in `timeZone`. Wall-clock based: a
 * 22:00–06:00 shift over the autumn change lasts 9 hours, over the spring change 7. An edge inside a spring
 * gap is the moment the clock reappears (`wallClockReaches`): a 02:30–05:00 block starts at 03:00, and a block
 * lying wholly inside the gap is empty (start = end).
 */
export function occurrenceOn<B extends WeeklyBlock>(b: B, date: string, timeZone: string): Occurrence<B> {
  const start = wallClockReaches(date, b.start_minute, timeZone);
  const endDate = b.end_minute > b.start_minute ? date : addDays(date, 1);
  const end = wallClockReaches(endDate, b.end_minute, timeZone);
  return { block: b, date, start, end };
}

/** Every occurrence of the blocks starting on a local date in [from, to] (inclusive), in start order. */
export function occurrencesBetween<B extends WeeklyBlock>(
  blocks: B[],
  timeZone: string,
  from: string,
  to: string,
): Occurrence<B>[] {
  const out: Occurrence<B>[] = [];
  const days = daysBetween(from, to);
  for (const b of blocks) {
    const first = (b.weekday - isoWeekday(from) + 7) % 7;
    for (let i = first; i <= days; i += 7) {
      const date = addDays(from, i);
      if (blockRunsOn(b, date)) out.push(occurrenceOn(b, date, timeZone));
    }
  }
  return out.sort((x, y) => x.start.getTime() - y.start.getTime());
}

/** A contract's schedule as the overlap check sees it. */
export type ZonedSchedule<B extends WeeklyBlock = WeeklyBlock> = {
  timeZone: string;
  blocks: B[];
  /** The contract's own dates: no occurrence before start or after end. */
  startDate?: string | null;
  endDate?: string | null;
};

export type Conflict<A extends WeeklyBlock, B extends WeeklyBlock> = {
  a: Occurrence<A>;
  b: Occurrence<B>;
};

export type DateWindow = { from: string; to: string };

/**
 * The windows to compare two zones' schedules over: `weeks` weeks from `from`, plus a fortnight around
 * every offset change (DST) of either zone in the following year, so each offset pairing of the year is
 * seen at least once.
 */
export function overlapHorizon(from: string, timeZones: string[], weeks = 8): DateWindow[] {
  const windows: DateWindow[] = [{ from: addDays(from, -1), to: addDays(from, weeks * 7) }];
  for (const tz of new Set(timeZones)) {
    for (const change of offsetChanges(tz, from, 366)) {
      windows.push({ from: addDays(change, -8), to: addDays(change, 8) });
    }
  }
  return windows;
}

function clip(window: DateWindow, s: ZonedSchedule): DateWindow | null {
  const from = s.startDate ? maxDate(window.from, s.startDate) : window.from;
  const to = s.endDate ? minDate(window.to, s.endDate) : window.to;
  return from <= to ? { from, to } : null;
}

const earlier = <A extends WeeklyBlock, B extends WeeklyBlock>(c: Conflict<A, B>, than: Conflict<A, B>) =>
  c.a.start < than.a.start || (c.a.start.getTime() === than.a.start.getTime() && c.b.start < than.b.start);

/**
 * The first moment two schedules in (possibly) different zones both run, over the given windows, or null.
 * This is how a VA's active contracts are kept apart in absolute time.
 */
export function findScheduleConflict<A extends WeeklyBlock, B extends WeeklyBlock>(
  a: ZonedSchedule<A>,
  b: ZonedSchedule<B>,
  windows: DateWindow[],
): Conflict<A, B> | null {
  let best: Conflict<A, B> | null = null;
  for (const w of windows) {
    const wa = clip(w, a);
    const wb = clip(w, b);
    if (!wa || !wb) continue;
    const xs = occurrencesBetween(a.blocks, a.timeZone, wa.from, wa.to);
    const ys = occurrencesBetween(b.blocks, b.timeZone, wb.from, wb.to);
    // Both are in start order: the first x that meets a y, and the first y it meets, are this window's earliest
    // conflict. Across windows the earliest wins, by a's start and then b's, whatever the windows' order.
    for (const x of xs) {
      const y = ys.find((o) => x.start < o.end && o.start < x.end && x.start < x.end && o.start < o.end);
      if (!y) continue;
      if (!best || earlier({ a: x, b: y }, best)) best = { a: x, b: y };
      break;
    }
  }
  return best;
}
