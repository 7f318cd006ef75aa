import type { Tx } from '../../../platform/transaction';
import { boundsOf, rollupDeltas } from './time-model';
import {
  type AttendanceRow,
  addToBlocks,
  type BlockDelta,
  type InsertedPing,
  oldPingsAfter,
  predecessors,
} from './tracker.repository';

/**
 * Rolls the pings this batch inserted into the attendance's 10-minute blocks, incrementally: never reading
 * all its pings. A new ping adds its span (from its predecessor by `at`); the older ping right after it loses
 * the part of its span the new one now covers. So only the new pings, the first older ping after each, and
 * their predecessors are read (index probes on `(attendance_id, at)`), and replaying pings in any order
 * gives the same sums as sending them in order. Answers the change of the attendance's sums. The arithmetic
 * is `rollupDeltas` (time-model.ts); this reads its inputs and writes its result.
 */
export async function rollUp(tx: Tx, a: AttendanceRow, inserted: InsertedPing[]) {
  if (!a.startedAt) throw new Error('rollUp needs a started attendance');
  const newIds = inserted.map((p) => p.id);
  const distinctAts = [...new Set(inserted.map((p) => p.at.getTime()))].map((ms) => new Date(ms));
  const oldNexts = await oldPingsAfter(tx, a.id, distinctAts, newIds);
  const preds = new Map(
    (
      await predecessors(
        tx,
        a.id,
        [...inserted, ...oldNexts].map((p) => p.id),
        newIds,
      )
    ).map((r) => [r.id, r]),
  );
  const deltas = rollupDeltas(
    boundsOf(a.startedAt, a.endedAt, { from: a.pausedAt, to: a.resumedAt }),
    inserted,
    oldNexts,
    preds,
  );
  await addToBlocks(tx, a, blockDeltasOf(deltas));
  return deltas.totals();
}

/** The blocks a rollup changed, as the rows' deltas (`addToBlocks`, and ingest's one statement). */
export function blockDeltasOf(deltas: ReturnType<typeof rollupDeltas>): BlockDelta[] {
  return deltas.changed().map((e) => ({
    startAt: new Date(e.blockSec * 1000),
    tracked: e.tracked,
    active: e.active,
    idle: e.idle,
    keyboard: e.keyboard,
    mouse: e.mouse,
    pings: e.pings,
  }));
}
