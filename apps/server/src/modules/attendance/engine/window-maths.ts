import type { Shift } from '@vahub/shared/time/shifts';

/**
 * The rebuild's comparisons of stored shifts with the shifts a schedule wants, pure: `window.ts` reads the rows
 * and writes the changes.
 */

/** A stored shift as the comparisons read it. */
export type StoredShift = {
  scheduleId: number | null;
  date: string;
  timezone: string;
  status: string;
  startedAt: Date | null;
  scheduledStartAt: Date;
  scheduledEndAt: Date;
};

/** The same shift: same block, same local date and zone, same instants. */
export const sameShift = (row: StoredShift, s: Shift, timezone: string) =>
  row.scheduleId === s.scheduleId &&
  row.date === s.date &&
  row.timezone === timezone &&
  row.scheduledStartAt.getTime() === s.startAt.getTime() &&
  row.scheduledEndAt.getTime() === s.endAt.getTime();

/** Whether a stored shift and a wanted one share any time (touching ends do not). */
export const overlaps = (row: StoredShift, s: Shift) =>
  row.scheduledStartAt < s.endAt && s.startAt < row.scheduledEndAt;

/**
 * A row the rebuild may change: upcoming or on leave, never clocked in to, starting in the future. A shift on
 * leave follows its schedule like any other: rebuilt at its new times, it is on leave again from the insert
 * (the `attendances_on_leave` trigger reads the approved leave).
 */
export const changeable = (row: StoredShift, now: Date) =>
  (row.status === 'upcoming' || row.status === 'on_leave') &&
  row.startedAt === null &&
  row.scheduledStartAt > now;
