import { TRACKING } from '@vahub/shared/attendance/schemas';
import type { PingResult } from '@vahub/shared/attendance/tracker-protocol';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import { type TrackingTerms, trackingTermsOf } from '../../contracts/public';
import { toAttendance } from '../attendance.mapper';
import { type TaskRef, taskChoicePort } from '../attendance.ports';
import { type InOrderWrite, writeInOrder } from './in-order.repository';
import { type Checked, pingRow, type Rejected, withinShift } from './ping-items';
import { pingPresence } from './presence';
import { blockDeltasOf } from './rollup';
import { boundsOf, type InsertedRollupPing, type Predecessors, rollupDeltas } from './time-model';
import { type AttendanceRow, ongoingOf, type PingInsert } from './tracker.repository';

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

/** A batch waiting for its shift's turn, and how its caller hears the answer. */
type Waiting = {
  viewer: Viewer;
  checked: Checked;
  resolve: (result: PingResult) => void;
  reject: (err: unknown) => void;
};

/** A shift's write waiting for the next statement (`writeSoon`), and how its caller hears the row it left. */
type PendingWrite = {
  write: InOrderWrite;
  resolve: (row: AttendanceRow | null) => void;
  reject: (err: unknown) => void;
};

/**
 * Per app (tests run several in one process): the shifts last written here, each shift's waiting batches, and the
 * shifts' writes waiting for a statement (`inFlight`: statements running).
 */
type State = {
  shifts: Map<number, Known>;
  lines: Map<number, Waiting[]>;
  writes: PendingWrite[];
  inFlight: number;
  /** A start of statements is planned (`writeSoon`). */
  planned: boolean;
};
const states = new WeakMap<Deps, State>();

function stateOf(deps: Deps): State {
  let state = states.get(deps);
  if (!state) {
    state = { shifts: new Map(), lines: new Map(), writes: [], inFlight: 0, planned: false };
    states.set(deps, state);
  }
  return state;
}

/**
 * A batch of one shift's pings, in its shift's turn: the batches of one shift take turns in this process, as they
 * would on its row lock, so each computes from the row the one before it left (no batch's statement finds the row
 * changed by its neighbour, none waits on the lock in the database). The batches that arrived while the shift was
 * busy go together in one statement when they can (`ingestInOrder`), each answered with its own counts; else one by
 * one, in order, each in one statement or, failing that, `locked` (ingest.ts).
 */
export function ingestInTurn(
  deps: Deps,
  viewer: Viewer,
  attendanceId: number,
  checked: Checked,
  locked: (viewer: Viewer, checked: Checked) => Promise<PingResult>,
): Promise<PingResult> {
  const { lines } = stateOf(deps);
  return new Promise<PingResult>((resolve, reject) => {
    const waiting = { viewer, checked, resolve, reject };
    const line = lines.get(attendanceId);
    if (line) {
      line.push(waiting);
      return;
    }
    const started: Waiting[] = [waiting];
    lines.set(attendanceId, started);
    void drain(deps, attendanceId, started, locked);
  });
}

/** Takes the waiting batches in order, as many as one call may carry (`TRACKING.maxPingsPerCall` pings). */
function nextGroup(line: Waiting[]): Waiting[] {
  let pings = 0;
  let n = 0;
  while (n < line.length && (n === 0 || pings + line[n].checked.items.length <= TRACKING.maxPingsPerCall)) {
    pings += line[n].checked.items.length;
    n++;
  }
  return line.splice(0, n);
}

async function drain(
  deps: Deps,
  attendanceId: number,
  line: Waiting[],
  locked: (viewer: Viewer, checked: Checked) => Promise<PingResult>,
) {
  const { lines } = stateOf(deps);
  try {
    while (line.length) {
      const group = nextGroup(line);
      let together: PingResult[] | null = null;
      try {
        together = await ingestInOrder(deps, attendanceId, group);
      } catch (err) {
        deps.log.warn(
          { err, attendanceId },
          'ping ingest: the one statement failed; the batches take the locked path',
        );
      }
      if (together) {
        for (const [k, w] of group.entries()) w.resolve(together[k]);
        continue;
      }
      for (const w of group) {
        try {
          const alone = group.length > 1 ? await ingestInOrder(deps, attendanceId, [w]) : null;
          w.resolve(alone ? alone[0] : await locked(w.viewer, w.checked));
        } catch (err) {
          w.reject(err);
        }
      }
    }
  } finally {
    lines.delete(attendanceId);
  }
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

/**
 * A shift this process has not written yet (its first batch since the server started, or since another instance
 * wrote it last): the VA's ongoing shift and its contract's terms, read without a lock, so that its batch can still
 * take the one statement, which checks the row is still this. Null when the batch is not for the VA's ongoing
 * shift (the locked path answers it).
 */
async function learnShift(deps: Deps, attendanceId: number, viewer: Viewer): Promise<Known | null> {
  const row = await ongoingOf(deps.db, viewer.organizationId, viewer.userId);
  if (!row || row.id !== attendanceId) return null;
  const terms = (await trackingTermsOf(deps.db, [row.contractId])).get(row.contractId);
  if (!terms) return null;
  rememberShift(deps, row, terms);
  return stateOf(deps).shifts.get(attendanceId) ?? null;
}

/** PostgreSQL's `division_by_zero`: `writeInOrder`'s sign that a ping id was already there. */
const alreadyThere = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '22012') return true;
  return false;
};

/**
 * The batches (one shift's, in the order they came) in one statement when each is in order, every task they name
 * is one the shift may name (a refused one is refused alone, on the locked path), presence stays as it is after each
 * of them (a change is logged and announced, on the locked path), the shift has a ping already (its first is
 * announced, on the locked path) and the shift is the VA's ongoing one; else null
 * (nothing written). Each
 * batch is answered with its own counts, as if it had come alone: a ping id an earlier batch of the group carries is
 * its duplicate; the time model gives the same figures in any order (its tests).
 */
export async function ingestInOrder(
  deps: Deps,
  attendanceId: number,
  group: Array<{ viewer: Viewer; checked: Checked }>,
): Promise<PingResult[] | null> {
  const { shifts } = stateOf(deps);
  const known = shifts.get(attendanceId) ?? (await learnShift(deps, attendanceId, group[0].viewer));
  if (!known) return null;
  const { row: a, terms } = known;
  // A shift's first ping is announced (`attendance.changed`, after commit): the locked path writes and says it.
  if (!a.startedAt || !a.lastPingAt) return null;
  const now = deps.clock.now();
  const last = a.lastPingAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const keepWindows = terms.screenshotPrivacy !== 'off';
  const seen = new Set<string>();
  const batches: Array<{ rejected: Rejected[]; duplicates: number; rows: PingInsert[] }> = [];
  for (const { viewer, checked } of group) {
    if (a.organizationId !== viewer.organizationId || a.vaId !== viewer.userId) return null;
    const { rejected, candidates, duplicates } = withinShift(a, checked);
    let repeated = duplicates;
    const rows: PingInsert[] = [];
    for (const { ping } of candidates) {
      if (Date.parse(ping.at) <= last) return null;
      if (seen.has(ping.id)) repeated++;
      else {
        seen.add(ping.id);
        rows.push(pingRow(a, ping, now, keepWindows));
      }
    }
    batches.push({ rejected, duplicates: repeated, rows });
  }
  const rows = batches.flatMap((b) => b.rows);
  if (!rows.length) return null;
  // The tasks the pings name (a VA tracking a task names it on every ping), checked as the locked path checks them
  // (the projects module's rule, read without a lock there too); one the shift may not name: the locked path
  // refuses that ping alone.
  const named = rows.flatMap((r): TaskRef[] => [
    ...(r.taskId != null ? [{ kind: 'task' as const, id: r.taskId }] : []),
    ...(r.generalTaskId != null ? [{ kind: 'general' as const, id: r.generalTaskId }] : []),
  ]);
  if (named.length) {
    const shift = { attendanceId: a.id, contractId: a.contractId, clientId: a.clientId };
    const verdict = await taskChoicePort.get().checkTasks(deps.db, a.organizationId, shift, named);
    if (named.some((task) => verdict(task) !== null)) return null;
  }

  // By `at`, the order they came in on a tie (the order the locked path's ids give them).
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
  // The latest ping (by `at`, the last to come on a tie) after each batch: presence may change after none.
  let latest: Pick<AttendanceRow, 'lastPingAt' | 'lastIdleSeconds' | 'lastActiveWindow' | 'source'> | null =
    null;
  let upTo = 0;
  for (const batch of batches) {
    upTo += batch.rows.length;
    const newest = byTime.filter((x) => x.id <= upTo).at(-1)?.r;
    if (!newest) continue;
    latest = {
      lastPingAt: newest.at,
      lastIdleSeconds: newest.idleSeconds ?? 0,
      lastActiveWindow: newest.activeWindow ?? null,
      source: newest.source,
    };
    if (await pingPresence({ ...a, ...latest }, now, async () => terms)) return null;
  }
  if (!latest) return null;

  const row = await writeSoon(deps, {
    expect: a,
    terms,
    pings: rows,
    blocks: blockDeltasOf(deltas),
    sums: deltas.totals(),
    latest,
  });
  if (!row) {
    shifts.delete(attendanceId);
    return null;
  }
  rememberShift(deps, row, terms);
  const attendance = toAttendance(row);
  return batches.map((b) => ({
    accepted: b.rows.length,
    duplicates: b.duplicates,
    rejected: b.rejected.sort((x, y) => x.index - y.index),
    attendance,
  }));
}

/** Shifts one statement writes at most (its arrays stay small; more wait for the next). */
const SHIFTS_PER_STATEMENT = 64;

/**
 * Statements of ping ingest running at once: one on the embedded database (it runs one statement at a time: the
 * writes that come meanwhile go together in the next), a few on PostgreSQL (one per connection it may use).
 */
const statementsAtOnce = (deps: Deps) => (deps.database.driver.kind === 'pglite' ? 1 : 4);

/**
 * A shift's in-order write, in the next statement: the writes of other shifts that come while a statement runs wait
 * and go together in one (`writeInOrder`), as do the writes of the calls read in one turn of the event loop (the
 * statement starts on the next), so a busy server writes many shifts' pings per statement instead of one a shift. Each shift has at most one write waiting or running (its batches take turns, `ingestInTurn`).
 * Answers the row the write left, or null when the shift was no longer the one expected or a ping id was already
 * there (nothing written for it: the caller takes the locked path).
 */
function writeSoon(deps: Deps, write: InOrderWrite): Promise<AttendanceRow | null> {
  const state = stateOf(deps);
  return new Promise((resolve, reject) => {
    state.writes.push({ write, resolve, reject });
    // After the calls read in this turn of the event loop have come this far, so they share the statement.
    if (state.planned) return;
    state.planned = true;
    setImmediate(() => {
      state.planned = false;
      startStatements(deps, state);
    });
  });
}

function startStatements(deps: Deps, state: State) {
  while (state.writes.length && state.inFlight < statementsAtOnce(deps)) {
    const group = state.writes.splice(0, SHIFTS_PER_STATEMENT);
    state.inFlight++;
    void writeGroup(deps, group).finally(() => {
      state.inFlight--;
      startStatements(deps, state);
    });
  }
}

async function writeGroup(deps: Deps, group: PendingWrite[]) {
  try {
    const rows = await writeInOrder(
      deps.db,
      group.map((g) => g.write),
      deps.clock.now(),
    );
    for (const g of group) g.resolve(rows.get(g.write.expect.id) ?? null);
  } catch (err) {
    if (!alreadyThere(err)) {
      for (const g of group) g.reject(err);
      return;
    }
    // A ping id already there, in one of the shifts: each alone, so only that one takes the locked path.
    if (group.length === 1) {
      group[0].resolve(null);
      return;
    }
    for (const g of group) await writeGroup(deps, [g]);
  }
}
