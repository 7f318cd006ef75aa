import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import type { PingInput, PingResult } from '@vahub/shared/attendance/tracker-protocol';
import { and, eq, type SQL } from 'drizzle-orm';
import { notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import type { Tx } from '../../../platform/transaction';
import { type TrackingTerms, trackingTermsOf } from '../../contracts/public';
import { announceAttendance } from '../attendance.announce';
import { toAttendance } from '../attendance.mapper';
import { type ShiftOfTask, type TaskRef, taskChoicePort } from '../attendance.ports';
import { attendances } from '../attendance.table';
import { ingestInTurn, rememberShift } from './in-order';
import { type Checked, checkItems, pingRow, reject, withinShift } from './ping-items';
import { pingPresence, recordPresenceChange } from './presence';
import { rollUp } from './rollup';
import { refuse } from './shift';
import { insertPings, lockAttendance, updateAttendance } from './tracker.repository';

/** The tasks a ping names (`task_id` before `general_task_id`, each checked). */
const pingTasks = (p: PingInput): TaskRef[] => [
  ...(p.task_id != null ? [{ kind: 'task' as const, id: p.task_id }] : []),
  ...(p.general_task_id != null ? [{ kind: 'general' as const, id: p.general_task_id }] : []),
];

/**
 * Pings name only what the shift may name (DOMAIN.md "Trackers"; the rule is the projects module's, through
 * `taskChoicePort`): the whole batch's tasks are checked at once, and the answer is per ping the message refusing
 * its first refused task (null: none named, or only ones the shift may name).
 */
async function pingTaskCheck(
  tx: Tx,
  organizationId: number,
  shift: ShiftOfTask,
  pings: PingInput[],
): Promise<(ping: PingInput) => string | null> {
  const verdict = await taskChoicePort.get().checkTasks(tx, organizationId, shift, pings.flatMap(pingTasks));
  return (ping) => {
    for (const task of pingTasks(ping)) {
      const refusal = verdict(task);
      if (refusal) return refusal;
    }
    return null;
  };
}

/**
 * `POST attendance/pings`: a batch of one attendance's pings (the VA's own, else 404). Each item is checked
 * alone (its shape, in the future, outside the shift): a bad one is refused without losing the others. A ping
 * id the attendance already has counts as a duplicate, also when an identical batch races this one. What is
 * new is rolled up into the attendance's sums and blocks, and presence follows the latest ping. A ping naming a
 * task the shift may not name (`pingTaskCheck`) is refused alone: neither stored nor counted.
 *
 * The batches of one attendance take turns in this process (`ingestInTurn`), as they would on its row lock. The
 * usual batch, a live tracker's next ping, goes in one statement (`ingestInOrder`, in-order.ts), with the batches
 * of that shift and of other shifts that came meanwhile; any other (a replay, a task the shift may not name, presence
 * changing, a row that changed under the statement) takes the locked path below, which reads what it needs in its
 * transaction.
 */
export async function ingestPings(
  deps: Deps,
  viewer: Viewer,
  body: { attendance_id: number; pings: unknown[] },
): Promise<PingResult> {
  const checked = checkItems(body.pings, deps.clock.now());
  return ingestInTurn(deps, viewer, body.attendance_id, checked, (who, items) =>
    ingestLocked(deps, who, body.attendance_id, items),
  );
}

/** The locked path: the attendance's row lock, then each step reads what it needs, in one transaction. */
async function ingestLocked(
  deps: Deps,
  viewer: Viewer,
  attendanceId: number,
  checked: Checked,
): Promise<PingResult> {
  const done = await deps.transaction(async (uow) => {
    // The row lock makes the batches of one attendance take turns: each sees the pings of those before it,
    // so the neighbours it reads are the real ones.
    const a = await lockAttendance(
      uow.tx,
      and(
        eq(attendances.id, attendanceId),
        eq(attendances.organizationId, viewer.organizationId),
        eq(attendances.vaId, viewer.userId),
      ) as SQL,
    );
    if (!a) throw notFound('Attendance');
    if (!a.startedAt) throw refuse(M.not_started);
    const now = deps.clock.now();
    const { rejected, candidates, duplicates: repeated } = withinShift(a, checked);
    let duplicates = repeated;
    const refusal = await pingTaskCheck(
      uow.tx,
      a.organizationId,
      { attendanceId: a.id, contractId: a.contractId, clientId: a.clientId },
      candidates.map((c) => c.ping),
    );
    const valid: PingInput[] = [];
    for (const { index, ping } of candidates) {
      const message = refusal(ping);
      if (message) rejected.push(reject(index, ping.id, message));
      else valid.push(ping);
    }
    rejected.sort((x, y) => x.index - y.index);

    // The contract's tracking terms, read at most once per batch and only when needed: the privacy tier
    // (window titles) and the idle timeout (presence).
    let termsRead: Promise<TrackingTerms | undefined> | null = null;
    const terms = () =>
      (termsRead ??= trackingTermsOf(uow.tx, [a.contractId]).then((byId) => byId.get(a.contractId)));
    // Privacy tier `off`: no application or window titles are kept, whatever the tracker sent.
    const keepWindows = !valid.some((p) => p.active_window) || (await terms())?.screenshotPrivacy !== 'off';
    const inserted = await insertPings(
      uow.tx,
      valid.map((p) => pingRow(a, p, now, keepWindows)),
    );
    duplicates += valid.length - inserted.length;
    if (!inserted.length)
      return {
        result: { accepted: 0, duplicates, rejected, attendance: toAttendance(a) },
        row: a,
        terms: null,
      };

    const sums = await rollUp(uow.tx, a, inserted);
    // The latest ping by `at` (the last inserted one on a tie) tells idle seconds, window and source.
    const latestNew = inserted.reduce((best, p) => (p.at >= best.at ? p : best));
    const newer = !a.lastPingAt || latestNew.at >= a.lastPingAt;
    const figures = {
      workedSeconds: a.workedSeconds + sums.tracked,
      activeSeconds: a.activeSeconds + sums.active,
      idleSeconds: a.idleSeconds + sums.idle,
      ...(newer
        ? {
            lastPingAt: latestNew.at,
            lastIdleSeconds: latestNew.idleSeconds,
            lastActiveWindow: latestNew.activeWindow ?? null,
            source: latestNew.source,
          }
        : {}),
      updatedAt: now,
    };
    // Presence follows the row as these figures leave it (the row is locked: `a` is its current state), so the
    // figures and presence are written in one UPDATE.
    const presence = await pingPresence({ ...a, ...figures }, now, terms);
    const row = await updateAttendance(uow.tx, a.id, { ...figures, ...presence?.next });
    if (presence) await recordPresenceChange(deps, uow, row, presence);
    // The shift's first ping: its activity, window and source now show where the clock-in showed none. Said once
    // (later pings change what a list shows only minute by minute, and presence has its own message). A shift's
    // first batch always takes this path (`ingestInOrder` leaves it here).
    else if (!a.lastPingAt && row.status === 'ongoing') announceAttendance(deps, uow, row);
    // The terms this batch read (an ongoing shift's presence always reads them), for the next batch's one statement.
    const read = termsRead ? ((await termsRead) ?? null) : null;
    return {
      result: { accepted: inserted.length, duplicates, rejected, attendance: toAttendance(row) },
      row,
      terms: read,
    };
  });
  rememberShift(deps, done.row, done.terms);
  return done.result;
}
