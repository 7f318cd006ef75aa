import type { Tx } from '../../../platform/transaction';
import { BlockDeltas, type Bounds, contribution, toSec } from './time-model';
import {
  type AttendanceRow,
  addToBlocks,
  type InsertedPing,
  oldPingsAfter,
  predecessors,
} from './tracker.repository';

/** An attendance's bounds for the time model: clock-in, end, latest break. */
export function boundsOf(a: AttendanceRow): Bounds {
  if (!a.startedAt) throw new Error('rollUp needs a started attendance');
  return {
    startedSec: toSec(a.startedAt),
    endedSec: a.endedAt ? toSec(a.endedAt) : null,
    pause: a.pausedAt && a.resumedAt ? { fromSec: toSec(a.pausedAt), toSec: toSec(a.resumedAt) } : null,
  };
}

/**
 * Rolls the pings this batch inserted into the attendance's 10-minute blocks, incrementally: never reading
 * all its pings. A new ping adds its span (from its predecessor by `at`); the older ping right after it loses
 * the part of its span the new one now covers. So only the new pings, the first older ping after each, and
 * their predecessors are read (index probes on `(attendance_id, at)`), and replaying pings in any order
 * gives the same sums as sending them in order. Answers the change of the attendance's sums.
 */
export async function rollUp(tx: Tx, a: AttendanceRow, inserted: InsertedPing[]) {
  const bounds = boundsOf(a);
  const newIds = inserted.map((p) => p.id);
  const distinctAts = [...new Set(inserted.map((p) => p.at.getTime()))].map((ms) => new Date(ms));
  const oldNexts = await oldPingsAfter(tx, a.id, distinctAts, newIds);
  const affected = [...inserted, ...oldNexts];
  const preds = new Map(
    (
      await predecessors(
        tx,
        a.id,
        affected.map((p) => p.id),
        newIds,
      )
    ).map((r) => [r.id, r]),
  );
  const deltas = new BlockDeltas();
  const isNew = new Set(newIds);
  const sec = (d: Date | null) => (d ? toSec(d) : null);
  for (const p of affected) {
    const pred = preds.get(p.id);
    const model = { atSec: toSec(p.at), idleSeconds: p.idleSeconds };
    deltas.add(contribution(model, sec(pred?.prevAt ?? null), bounds), 1);
    if (!isNew.has(p.id)) deltas.add(contribution(model, sec(pred?.prevOldAt ?? null), bounds), -1);
  }
  for (const p of inserted) deltas.count(toSec(p.at), p.keyboard, p.mouse);
  await addToBlocks(
    tx,
    a,
    deltas.changed().map((e) => ({
      startAt: new Date(e.blockSec * 1000),
      tracked: e.tracked,
      active: e.active,
      idle: e.idle,
      keyboard: e.keyboard,
      mouse: e.mouse,
      pings: e.pings,
    })),
  );
  return deltas.totals();
}
