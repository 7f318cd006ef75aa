import { TRACKING } from '@vahub/shared/attendance/schemas';
import type { Deps } from '../../../lib/types';
import type { UnitOfWork } from '../../../platform/transaction';
import { trackingTermsOf } from '../../contracts/public';
import { announcePresence } from '../attendance.announce';
import { appendLogs, type LogEntry } from '../attendance.logs';
import { type AttendanceRow, updateAttendance } from './tracker.repository';

/**
 * Presence as stored and announced. `online`: an ongoing attendance with a ping (or its clock-in) in the
 * last 2 minutes.
 * `idle` (the column): the latest ping reported no input for longer than the contract's idle timeout; it
 * follows the pings only, so a VA who comes back after being offline while idle gets an `idle_end`.
 * What viewers are told is `{online, idle: online && idle}`: idle only shows while online.
 */
export type Presence = { online: boolean; idle: boolean };

export const announced = (p: Presence): Presence => ({ online: p.online, idle: p.online && p.idle });

const same = (a: Presence, b: Presence) => a.online === b.online && a.idle === b.idle;

/** The latest sign of life: the latest ping, or the clock-in (or clock-in again) when later (null: none). */
export function lastSignOfLife(
  row: Pick<AttendanceRow, 'lastPingAt' | 'startedAt' | 'resumedAt'>,
): Date | null {
  const times = [row.lastPingAt, row.startedAt, row.resumedAt].filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
}

export const isOnlineAt = (lastSeenAt: Date | null, now: Date) =>
  lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() <= TRACKING.onlineWindowSeconds * 1000;

/**
 * After a ping batch: the attendance's presence from its latest ping. Columns change, logs are written
 * (`online`/`offline`, `idle_start`/`idle_end`) and `presence.changed` goes out once, only when it changed.
 * An attendance that is no longer ongoing (offline replay after clock-out) has no presence.
 */
export async function applyPingPresence(
  deps: Pick<Deps, 'realtime'>,
  uow: UnitOfWork,
  row: AttendanceRow,
  now: Date,
): Promise<AttendanceRow> {
  if (row.status !== 'ongoing') return row;
  const terms = (await trackingTermsOf(uow.tx, [row.contractId])).get(row.contractId);
  const timeoutSeconds = (terms?.idleTimeoutMinutes ?? 5) * 60;
  const next: Presence = {
    online: isOnlineAt(lastSignOfLife(row), now),
    idle: (row.lastIdleSeconds ?? 0) > timeoutSeconds,
  };
  const before: Presence = { online: row.online, idle: row.idle };
  if (same(before, next)) return row;

  const at = row.lastPingAt ?? now;
  const logs: LogEntry[] = [];
  if (next.online !== before.online) logs.push({ type: next.online ? 'online' : 'offline', at });
  if (next.idle !== before.idle)
    logs.push({
      type: next.idle ? 'idle_start' : 'idle_end',
      at,
      details: { idle_seconds: row.lastIdleSeconds ?? 0, idle_timeout_minutes: timeoutSeconds / 60 },
    });
  await appendLogs(
    uow.tx,
    logs.map((l) => ({ attendance: row, ...l })),
  );
  const updated = await updateAttendance(uow.tx, row.id, { online: next.online, idle: next.idle });
  if (!same(announced(before), announced(next)))
    announcePresence(deps, uow, { organizationId: row.organizationId, vaId: row.vaId, ...announced(next) });
  return updated;
}
