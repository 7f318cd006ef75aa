import { TRACKING } from '../attendance/schemas';
import { addDays, maxDate, minDate } from './dates';
import { occurrenceOn, occurrencesBetween, type WeeklyBlock } from './schedule-blocks';
import { localDate } from './zoned';

/**
 * Shifts: the concrete occurrences of a contract's weekly blocks, as the attendance engine stores them.
 * Wall-clock based (a 9:00 block is 9:00 local on both sides of a DST change), an overnight block belongs to
 * the local date it starts on, and an edge inside a spring-forward gap is the moment the clock reappears
 * (`wallClockReaches`).
 */

/** A stored block: it has an id, which each shift carries. */
export type ShiftBlock = WeeklyBlock & { id: number };

/** The contract's own bounds: no shift starts before `startDate` or after `endDate` (local dates). */
export type ContractDates = { startDate: string; endDate?: string | null };

export type Shift = { date: string; scheduleId: number; startAt: Date; endAt: Date };

/** Local dates [from, to] clipped to the contract's dates, or null when nothing is left. */
export function clipToContract(
  range: { from: string; to: string },
  dates: ContractDates,
): { from: string; to: string } | null {
  const from = maxDate(range.from, dates.startDate);
  const to = dates.endDate ? minDate(range.to, dates.endDate) : range.to;
  return from <= to ? { from, to } : null;
}

/**
 * Every shift of `blocks` starting on a local date in [from, to] (inclusive) in `timeZone`, inside the
 * contract's dates and each block's effective range, in start order. A shift left empty by a spring-forward
 * gap (a block lying wholly inside it) is dropped.
 */
export function shiftsBetween(
  blocks: ShiftBlock[],
  timeZone: string,
  range: { from: string; to: string },
  dates: ContractDates,
): Shift[] {
  const clipped = clipToContract(range, dates);
  if (!clipped) return [];
  return occurrencesBetween(blocks, timeZone, clipped.from, clipped.to)
    .filter((o) => o.end > o.start)
    .map((o) => ({ date: o.date, scheduleId: o.block.id, startAt: o.start, endAt: o.end }));
}

/** The shift one block would have on a given local date, whatever its weekday (fix-date moves shifts). */
export function shiftOn(block: ShiftBlock, date: string, timeZone: string): Shift {
  const o = occurrenceOn(block, date, timeZone);
  return { date, scheduleId: block.id, startAt: o.start, endAt: o.end };
}

/**
 * The local dates the rolling window covers at `now`: from yesterday (an overnight shift begun yesterday may
 * still be running) through `weeks` weeks from today.
 */
export function windowDates(
  now: Date,
  timeZone: string,
  weeks: number = TRACKING.windowWeeks,
): { from: string; to: string } {
  const today = localDate(now, timeZone);
  return { from: addDays(today, -1), to: addDays(today, weeks * 7 - 1) };
}

/**
 * The shifts the window at `now` should hold: those of the window's dates that have not ended yet, so a
 * shift already running (a contract activated at 10:00 with a 9:00–17:00 block) is built too and the VA can
 * still clock in, late.
 */
export function windowShifts(
  blocks: ShiftBlock[],
  timeZone: string,
  dates: ContractDates,
  now: Date,
  weeks: number = TRACKING.windowWeeks,
): Shift[] {
  return shiftsBetween(blocks, timeZone, windowDates(now, timeZone, weeks), dates).filter(
    (s) => s.endAt > now,
  );
}
