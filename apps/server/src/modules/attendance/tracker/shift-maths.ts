/**
 * The clock-in and clock-out maths of a shift, pure (no database, no clock): `shift.ts` reads the rows and the
 * contract's terms and calls these.
 */

const MINUTE = 60_000;

/** A shift's scheduled bounds. */
export type ScheduledShift = { scheduledStartAt: Date; scheduledEndAt: Date };

/** When clock-in opens and closes for a shift: `early_clock_in_minutes` before its start, until its end. */
export const clockInWindow = (a: ScheduledShift, terms: { earlyClockInMinutes: number }) => ({
  opensAt: new Date(a.scheduledStartAt.getTime() - terms.earlyClockInMinutes * MINUTE),
  closesAt: a.scheduledEndAt,
});

/** Minutes late beyond the grace, whole minutes (a minute counts once it is complete), never below 0. */
export const lateMinutesOf = (startedAt: Date, scheduledStartAt: Date, graceMinutes: number) =>
  Math.max(
    0,
    Math.floor((startedAt.getTime() - scheduledStartAt.getTime() - graceMinutes * MINUTE) / MINUTE),
  );

/** Where an attendance ends: never before its latest ping, so no ping already counted lies after the end. */
export const endedAtOf = (requested: Date, lastPingAt: Date | null) =>
  lastPingAt && lastPingAt > requested ? lastPingAt : requested;
