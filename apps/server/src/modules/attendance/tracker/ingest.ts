import { COMMON_MESSAGES, codeOf } from '@vahub/shared/api/messages';
import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import { type PingInput, type PingResult, pingInputSchema } from '@vahub/shared/attendance/tracker-protocol';
import { and, eq, type SQL } from 'drizzle-orm';
import { notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import type { Tx } from '../../../platform/transaction';
import { type TrackingTerms, trackingTermsOf } from '../../contracts/public';
import { toAttendance } from '../attendance.mapper';
import { type ShiftOfTask, type TaskRef, taskChoicePort } from '../attendance.ports';
import { attendances } from '../attendance.table';
import { pingPresence, recordPresenceChange } from './presence';
import { rollUp } from './rollup';
import { refuse } from './shift';
import { insertPings, lockAttendance, type PingInsert, updateAttendance } from './tracker.repository';

/**
 * How far a tracker's clock may run ahead of the server's, and a ping lie outside the shift, before the ping
 * is refused: trackers stamp pings with their own clock.
 */
export const CLOCK_SKEW_SECONDS = 60;

type Rejected = PingResult['rejected'][number];

const reject = (index: number, id: unknown, message: string): Rejected => ({
  index,
  id: typeof id === 'string' ? id : '',
  status: 422,
  message,
  code: codeOf(message)?.code ?? 'validation',
});

const FIELD_MESSAGES: Record<string, string> = {
  id: M.ping_id,
  at: M.ping_at,
  keyboard: M.ping_counts,
  mouse: M.ping_counts,
  idle_seconds: M.ping_counts,
  source: M.source,
};

/** A refused item's message: the schema's own when the catalog knows it, else the field's, else generic. */
function itemMessage(issue: { message: string; path: PropertyKey[] } | undefined): string {
  if (!issue) return COMMON_MESSAGES.invalid;
  if (codeOf(issue.message)) return issue.message;
  return FIELD_MESSAGES[String(issue.path[0])] ?? COMMON_MESSAGES.invalid;
}

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
 */
export async function ingestPings(
  deps: Deps,
  viewer: Viewer,
  body: { attendance_id: number; pings: unknown[] },
): Promise<PingResult> {
  return deps.transaction(async (uow) => {
    // The row lock makes the batches of one attendance take turns: each sees the pings of those before it,
    // so the neighbours it reads are the real ones.
    const a = await lockAttendance(
      uow.tx,
      and(
        eq(attendances.id, body.attendance_id),
        eq(attendances.organizationId, viewer.organizationId),
        eq(attendances.vaId, viewer.userId),
      ) as SQL,
    );
    if (!a) throw notFound('Attendance');
    if (!a.startedAt) throw refuse(M.not_started);
    const now = deps.clock.now();
    const skew = CLOCK_SKEW_SECONDS * 1000;
    const earliest = a.startedAt.getTime() - skew;
    const latest = a.endedAt ? a.endedAt.getTime() + skew : Number.POSITIVE_INFINITY;
    // The latest break (clocked out, then in again): the VA was not tracking.
    const inBreak = (at: number) =>
      !!a.pausedAt && !!a.resumedAt && at > a.pausedAt.getTime() + skew && at < a.resumedAt.getTime() - skew;

    const rejected: Rejected[] = [];
    const candidates: { index: number; ping: PingInput }[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    body.pings.forEach((item, index) => {
      const parsed = pingInputSchema.safeParse(item);
      const id = (item as { id?: unknown } | null)?.id;
      if (!parsed.success) {
        rejected.push(reject(index, id, itemMessage(parsed.error.issues[0])));
        return;
      }
      const at = Date.parse(parsed.data.at);
      if (at > now.getTime() + skew) rejected.push(reject(index, id, M.ping_future));
      else if (at < earliest || at > latest || inBreak(at)) rejected.push(reject(index, id, M.ping_outside));
      else if (seen.has(parsed.data.id)) duplicates++;
      else {
        seen.add(parsed.data.id);
        candidates.push({ index, ping: parsed.data });
      }
    });
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
    if (!inserted.length) return { accepted: 0, duplicates, rejected, attendance: toAttendance(a) };

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
    return { accepted: inserted.length, duplicates, rejected, attendance: toAttendance(row) };
  });
}

function pingRow(
  a: typeof attendances.$inferSelect,
  p: PingInput,
  now: Date,
  keepWindow: boolean,
): PingInsert {
  return {
    organizationId: a.organizationId,
    attendanceId: a.id,
    vaId: a.vaId,
    clientId: p.id,
    at: new Date(p.at),
    keyboard: p.keyboard,
    mouse: p.mouse,
    idleSeconds: p.idle_seconds,
    activeWindow: keepWindow ? (p.active_window ?? null) : null,
    taskId: p.task_id ?? null,
    generalTaskId: p.general_task_id ?? null,
    source: p.source,
    receivedAt: now,
  };
}
