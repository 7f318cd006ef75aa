import { COMMON_MESSAGES, codeOf } from '@vahub/shared/api/messages';
import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import { type PingInput, type PingResult, pingInputSchema } from '@vahub/shared/attendance/tracker-protocol';
import type { AttendanceRow, PingInsert } from './tracker.repository';

// A batch's items, checked one by one (a bad one is refused alone), and the rows the good ones become: the same
// for both paths of ingest (ingest.ts, in-order.ts).

/**
 * How far a tracker's clock may run ahead of the server's, and a ping lie outside the shift, before the ping
 * is refused: trackers stamp pings with their own clock.
 */
export const CLOCK_SKEW_SECONDS = 60;

export type Rejected = PingResult['rejected'][number];

export const reject = (index: number, id: unknown, message: string): Rejected => ({
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

/** A batch's items as checked before the attendance is read: their shape, not in the future. */
export type Checked = {
  rejected: Rejected[];
  items: { index: number; ping: PingInput; at: number }[];
};

export function checkItems(pings: unknown[], now: Date): Checked {
  const rejected: Rejected[] = [];
  const items: Checked['items'] = [];
  const skew = CLOCK_SKEW_SECONDS * 1000;
  pings.forEach((item, index) => {
    const parsed = pingInputSchema.safeParse(item);
    const id = (item as { id?: unknown } | null)?.id;
    if (!parsed.success) {
      rejected.push(reject(index, id, itemMessage(parsed.error.issues[0])));
      return;
    }
    const at = Date.parse(parsed.data.at);
    if (at > now.getTime() + skew) rejected.push(reject(index, id, M.ping_future));
    else items.push({ index, ping: parsed.data, at });
  });
  return { rejected, items };
}

/**
 * The items inside the attendance (`a`: its clock-in, its end, its latest break) become candidates, once per
 * ping id (the same id again in the batch is a duplicate); the others are refused as outside the shift.
 */
export function withinShift(a: AttendanceRow, checked: Checked) {
  const skew = CLOCK_SKEW_SECONDS * 1000;
  const earliest = (a.startedAt as Date).getTime() - skew;
  const latest = a.endedAt ? a.endedAt.getTime() + skew : Number.POSITIVE_INFINITY;
  // The latest break (clocked out, then in again): the VA was not tracking.
  const inBreak = (at: number) =>
    !!a.pausedAt && !!a.resumedAt && at > a.pausedAt.getTime() + skew && at < a.resumedAt.getTime() - skew;
  const rejected = [...checked.rejected];
  const candidates: { index: number; ping: PingInput }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const { index, ping, at } of checked.items) {
    if (at < earliest || at > latest || inBreak(at)) rejected.push(reject(index, ping.id, M.ping_outside));
    else if (seen.has(ping.id)) duplicates++;
    else {
      seen.add(ping.id);
      candidates.push({ index, ping });
    }
  }
  return { rejected, candidates, duplicates };
}

/** A ping as stored: its window only when the contract's privacy tier keeps windows. */
export function pingRow(
  a: Pick<AttendanceRow, 'id' | 'organizationId' | 'vaId'>,
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
