const HOUR_MS = 3_600_000;

/** A stretch of time `[start, end)` that gets one scheduled capture. */
export interface Slot {
  start: number;
  end: number;
}

/**
 * The slot holding `at` for `perHour` captures an hour: each clock hour (UTC) is cut into `perHour` equal
 * slots (6 an hour: :00–:10, :10–:20…), so the count per hour is exact however the shift starts.
 */
export function slotAt(at: number, perHour: number): Slot {
  const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
  const length = HOUR_MS / perHour;
  // Boundaries are whole milliseconds; the last one is the next hour exactly.
  const boundary = (i: number) => Math.round(hour + i * length);
  let index = Math.min(perHour - 1, Math.floor((at - hour) / length));
  if (at >= boundary(index + 1)) index++;
  else if (at < boundary(index)) index--;
  return { start: boundary(index), end: boundary(index + 1) };
}

/** A random moment of the slot, not before `from` (a shift that starts within the slot). */
export function momentIn(slot: Slot, from: number, random: () => number): number {
  const low = Math.max(slot.start, from);
  return Math.min(slot.end - 1, low + Math.floor(random() * (slot.end - low)));
}
