import { TRACKING } from '@vahub/shared/attendance/schemas';

/**
 * The time model of ingest (docs/decisions.md "Tracker protocol"): a ping stands for the time since the
 * previous ping of the same attendance (by `at`), at most `TRACKING.pingIntervalSeconds`, never before the
 * clock-in, never after the end, never inside the latest break. Its idle part is the end of that span: the tracker reports seconds since
 * the last input, so the last `idle_seconds` of the span had no input; the rest is active.
 *
 * All maths are whole seconds since the epoch (instants are floored), so sums never drift by rounding.
 */

export const BLOCK = TRACKING.blockSeconds;

export const toSec = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The attendance's bounds, in seconds: clock-in, the end once it has ended, and its latest break (clocked out,
 * then in again while the shift lasted), which no span counts.
 */
export type Bounds = {
  startedSec: number;
  endedSec: number | null;
  pause?: { fromSec: number; toSec: number } | null;
};

/** A span `[lo, hi)` without the break: at most two pieces. */
function withoutPause(lo: number, hi: number, pause: Bounds['pause']): [number, number][] {
  if (!pause || hi <= pause.fromSec || lo >= pause.toSec) return [[lo, hi]];
  const spans: [number, number][] = [];
  if (lo < pause.fromSec) spans.push([lo, pause.fromSec]);
  if (hi > pause.toSec) spans.push([pause.toSec, hi]);
  return spans;
}

/** One ping as the model sees it. */
export type ModelPing = { atSec: number; idleSeconds: number };

/** Tracked, active and idle seconds of one 10-minute block (start in seconds, aligned to UTC). */
export type Piece = { blockSec: number; tracked: number; active: number; idle: number };

export const blockOf = (sec: number) => Math.floor(sec / BLOCK) * BLOCK;

/**
 * What a ping adds, split over the blocks its span touches (at most two: the span is shorter than a block).
 * `prevAtSec` is the previous ping's `at` (by time), or null for the attendance's first ping.
 */
export function contribution(ping: ModelPing, prevAtSec: number | null, bounds: Bounds): Piece[] {
  const lo = Math.max(
    ping.atSec - TRACKING.pingIntervalSeconds,
    prevAtSec ?? bounds.startedSec,
    bounds.startedSec,
  );
  const hi = bounds.endedSec === null ? ping.atSec : Math.min(ping.atSec, bounds.endedSec);
  // Nothing when hi <= lo (before the clock-in, after the end, or at the previous ping's instant).
  // The idle stretch ends at the ping: [at - idle_seconds, at].
  const idleFrom = ping.atSec - ping.idleSeconds;
  const pieces: Piece[] = [];
  for (const [spanLo, spanHi] of withoutPause(lo, hi, bounds.pause))
    for (let from = spanLo; from < spanHi; ) {
      const block = blockOf(from);
      const to = Math.min(spanHi, block + BLOCK);
      const tracked = to - from;
      const idle = Math.max(0, to - Math.max(from, idleFrom));
      pieces.push({ blockSec: block, tracked, active: tracked - idle, idle });
      from = to;
    }
  return pieces;
}

/** The block that holds a ping's counts (keyboard, mouse, the ping itself): that of its last covered second. */
export const countBlockOf = (atSec: number) => blockOf(atSec - 1);

/** Sums of pieces per block, with a sign (a ping's old contribution is taken back when its neighbour changes). */
export class BlockDeltas {
  readonly byBlock = new Map<number, Piece & { keyboard: number; mouse: number; pings: number }>();

  private entry(blockSec: number) {
    let e = this.byBlock.get(blockSec);
    if (!e) {
      e = { blockSec, tracked: 0, active: 0, idle: 0, keyboard: 0, mouse: 0, pings: 0 };
      this.byBlock.set(blockSec, e);
    }
    return e;
  }

  add(pieces: Piece[], sign: 1 | -1) {
    for (const p of pieces) {
      const e = this.entry(p.blockSec);
      e.tracked += sign * p.tracked;
      e.active += sign * p.active;
      e.idle += sign * p.idle;
    }
  }

  count(atSec: number, keyboard: number, mouse: number) {
    const e = this.entry(countBlockOf(atSec));
    e.keyboard += keyboard;
    e.mouse += mouse;
    e.pings += 1;
  }

  totals() {
    let tracked = 0;
    let active = 0;
    let idle = 0;
    for (const e of this.byBlock.values()) {
      tracked += e.tracked;
      active += e.active;
      idle += e.idle;
    }
    return { tracked, active, idle };
  }

  /** Blocks whose figures change. */
  changed() {
    return [...this.byBlock.values()].filter(
      (e) => e.tracked || e.active || e.idle || e.keyboard || e.mouse || e.pings,
    );
  }
}

/** A ping as the rollup reads it (an older neighbour has no counts of its own to add). */
export type RollupPing = { id: number; at: Date; idleSeconds: number };

/** A ping this batch inserted: its counts go to the block of its last covered second. */
export type InsertedRollupPing = RollupPing & { keyboard: number; mouse: number };

/** The `at` of a ping's predecessor among all the attendance's pings, and among those before this batch. */
export type Predecessors = { prevAt: Date | null; prevOldAt: Date | null };

/** An attendance's bounds: clock-in, the end once it has ended, and its latest break when it has one. */
export const boundsOf = (
  startedAt: Date,
  endedAt: Date | null,
  pause: { from: Date | null; to: Date | null } = { from: null, to: null },
): Bounds => ({
  startedSec: toSec(startedAt),
  endedSec: endedAt ? toSec(endedAt) : null,
  pause: pause.from && pause.to ? { fromSec: toSec(pause.from), toSec: toSec(pause.to) } : null,
});

/**
 * The rollup's arithmetic (`rollUp` reads its inputs and writes the result): every inserted ping adds its span
 * from its predecessor; every older ping right after one (`oldNexts`) adds its span from its new predecessor and
 * takes back the one from its old predecessor. The inserted pings' counts go to their blocks.
 */
export function rollupDeltas(
  bounds: Bounds,
  inserted: InsertedRollupPing[],
  oldNexts: RollupPing[],
  preds: ReadonlyMap<number, Predecessors>,
): BlockDeltas {
  const deltas = new BlockDeltas();
  const isNew = new Set(inserted.map((p) => p.id));
  const sec = (d: Date | null) => (d ? toSec(d) : null);
  for (const p of [...inserted, ...oldNexts]) {
    const pred = preds.get(p.id);
    const model = { atSec: toSec(p.at), idleSeconds: p.idleSeconds };
    deltas.add(contribution(model, sec(pred?.prevAt ?? null), bounds), 1);
    if (!isNew.has(p.id)) deltas.add(contribution(model, sec(pred?.prevOldAt ?? null), bounds), -1);
  }
  for (const p of inserted) deltas.count(toSec(p.at), p.keyboard, p.mouse);
  return deltas;
}
