import type { PingResult } from '@vahub/shared/attendance/tracker-protocol';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { type TrackingTerms, trackingTermsStillSql } from '../../contracts/public';
import { toAttendance } from '../attendance.mapper';
import { attendances } from '../attendance.table';
import { type Checked, pingRow, withinShift } from './ping-items';
import { pingPresence } from './presence';
import { boundsOf, type InsertedRollupPing, type Predecessors, rollupDeltas } from './time-model';
import { type AttendanceRow, writeInOrder } from './tracker.repository';

/**
 * Ping ingest's usual batch, a live tracker's next ping (or pings), in one statement: no transaction block, no
 * read before the write. It is computed from the shift as this process last wrote it (`rememberShift`) and
 * written only if the shift still is that (`writeInOrder` checks it in the statement that writes), so what this
 * process remembers is a guess that is never trusted: another instance's write, a clock-out, a settings change
 * make the statement write nothing, and the locked path (ingest.ts) takes the batch.
 *
 * "In order" means every ping is later than the shift's latest one: then each new ping's predecessor is the one
 * before it in the batch, the first's is the shift's latest ping (`last_ping_at`, which ingest keeps at the
 * latest ping's `at`), and no older ping's span changes. So the rollup needs no read, and the time model
 * (`rollupDeltas`) gives the same figures as the locked path's, which reads the neighbours.
 */

type Terms = Pick<TrackingTerms, 'idleTimeoutMinutes' | 'screenshotPrivacy'>;
type Known = { row: AttendanceRow; terms: Terms };

/** Shifts remembered at most (about one per VA on shift); beyond it the oldest go (their next batch locks). */
const MAX_SHIFTS = 20_000;

/** Per app (tests run several in one process): the shifts last written here, and each shift's turn. */
type State = { shifts: Map<number, Known>; turns: Map<number, Promise<void>> };
const states = new WeakMap<Deps, State>();

function stateOf(deps: Deps): State {
  let state = states.get(deps);
  if (!state) {
    state = { shifts: new Map(), turns: new Map() };
    states.set(deps, state);
  }
  return state;
}

/**
 * Runs `work` after the batches of this attendance already running in this process: the batches of one shift
 * take turns, as on its row lock, so each computes from the row the one before it left (no batch's statement
 * finds the row changed by its neighbour, and none waits on the lock in the database).
 */
export function inTurn<T>(deps: Deps, attendanceId: number, work: () => Promise<T>): Promise<T> {
  const { turns } = stateOf(deps);
  const before = turns.get(attendanceId);
  const mine = before ? before.then(work) : work();
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(attendanceId, settled);
  void settled.then(() => {
    if (turns.get(attendanceId) === settled) turns.delete(attendanceId);
  });
  return mine;
}

/**
 * The row a batch left (`terms`: the contract's terms it read), for the next batch of that shift. Only an ongoing
 * shift's: a replay after the end always takes the locked path.
 */
export function rememberShift(deps: Deps, row: AttendanceRow, terms: Terms | null) {
  const { shifts } = stateOf(deps);
  shifts.delete(row.id);
  if (!terms || row.status !== 'ongoing' || !row.startedAt || row.endedAt) return;
  shifts.set(row.id, {
    row,
    terms: { idleTimeoutMinutes: terms.idleTimeoutMinutes, screenshotPrivacy: terms.screenshotPrivacy },
  });
  if (shifts.size > MAX_SHIFTS) {
    const oldest = shifts.keys().next();
    if (!oldest.done) shifts.delete(oldest.value);
  }
}

/** PostgreSQL's `division_by_zero`: `writeInOrder`'s sign that a ping id was already there. */
const alreadyThere = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '22012') return true;
  return false;
};

/**
 * The batch in one statement when it is in order, names no task (the projects module checks those, on the locked
 * path), leaves presence as it is (a change is logged and announced, on the locked path) and this process knows
 * the shift; else null (nothing written).
 */
export async function ingestInOrder(
  deps: Deps,
  viewer: Viewer,
  attendanceId: number,
  checked: Checked,
): Promise<PingResult | null> {
  const { shifts } = stateOf(deps);
  const known = shifts.get(attendanceId);
  if (!known) return null;
  const { row: a, terms } = known;
  if (a.organizationId !== viewer.organizationId || a.vaId !== viewer.userId || !a.startedAt) return null;
  const { rejected, candidates, duplicates } = withinShift(a, checked);
  if (!candidates.length) return null;
  const last = a.lastPingAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  for (const { ping } of candidates) {
    if (ping.task_id != null || ping.general_task_id != null) return null;
    if (Date.parse(ping.at) <= last) return null;
  }

  const now = deps.clock.now();
  const rows = candidates.map((c) => pingRow(a, c.ping, now, terms.screenshotPrivacy !== 'off'));
  // By `at`, the batch's order on a tie (the order the locked path's ids give them).
  const byTime = rows
    .map((r, i) => ({ r, id: i + 1 }))
    .sort((x, y) => x.r.at.getTime() - y.r.at.getTime() || x.id - y.id);
  const inserted: InsertedRollupPing[] = byTime.map(({ r, id }) => ({
    id,
    at: r.at,
    idleSeconds: r.idleSeconds ?? 0,
    keyboard: r.keyboard ?? 0,
    mouse: r.mouse ?? 0,
  }));
  const preds = new Map<number, Predecessors>();
  let prevAt = a.lastPingAt;
  for (const p of inserted) {
    preds.set(p.id, { prevAt, prevOldAt: null });
    prevAt = p.at;
  }
  const deltas = rollupDeltas(
    boundsOf(a.startedAt, a.endedAt, { from: a.pausedAt, to: a.resumedAt }),
    inserted,
    [],
    preds,
  );
  const newest = byTime[byTime.length - 1].r;
  const latest = {
    lastPingAt: newest.at,
    lastIdleSeconds: newest.idleSeconds ?? 0,
    lastActiveWindow: newest.activeWindow ?? null,
    source: newest.source,
  };
  if (await pingPresence({ ...a, ...latest }, now, async () => terms)) return null;

  let row: AttendanceRow | null;
  try {
    row = await writeInOrder(deps.db, {
      expect: a,
      termsStill: trackingTermsStillSql(attendances.contractId, terms),
      pings: rows,
      blocks: deltas.changed().map((e) => ({
        startAt: new Date(e.blockSec * 1000),
        tracked: e.tracked,
        active: e.active,
        idle: e.idle,
        keyboard: e.keyboard,
        mouse: e.mouse,
        pings: e.pings,
      })),
      sums: deltas.totals(),
      latest,
      now,
    });
  } catch (err) {
    if (!alreadyThere(err)) throw err;
    row = null;
  }
  if (!row) {
    shifts.delete(attendanceId);
    return null;
  }
  rememberShift(deps, row, terms);
  rejected.sort((x, y) => x.index - y.index);
  return { accepted: rows.length, duplicates, rejected, attendance: toAttendance(row) };
}
