import { TRACKING } from '@vahub/shared/attendance/schemas';
import type { Deps } from '../../../lib/types';
import type { UnitOfWork } from '../../../platform/transaction';
import type { TrackingTerms } from '../../contracts/public';
import { announcePresence } from '../attendance.announce';
import { appendLogs, type LogEntry } from '../attendance.logs';
import type { AttendanceRow } from './tracker.repository';

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

/** What a ping batch changes of the attendance's presence: the columns, the log entries, and what viewers hear. */
export type PresenceChange = { next: Presence; logs: LogEntry[]; announce: Presence | null };

/**
 * After a ping batch: the attendance's presence from its latest ping, `row` being the row as the batch leaves it
 * (computed, not yet written: the batch writes its sums and presence in one UPDATE). Null when presence does not
 * change. `terms` gives the contract's tracking terms (the idle timeout), read only when needed. An attendance
 * that is no longer ongoing (offline replay after clock-out) has no presence.
 */
export async function pingPresence(
  row: AttendanceRow,
  now: Date,
  terms: () => Promise<Pick<TrackingTerms, 'idleTimeoutMinutes'> | undefined>,
): Promise<PresenceChange | null> {
  if (row.status !== 'ongoing') return null;
  const timeoutSeconds = ((await terms())?.idleTimeoutMinutes ?? 5) * 60;
  const next: Presence = {
    online: isOnlineAt(lastSignOfLife(row), now),
    idle: (row.lastIdleSeconds ?? 0) > timeoutSeconds,
  };
  const before: Presence = { online: row.online, idle: row.idle };
  if (same(before, next)) return null;

  const at = row.lastPingAt ?? now;
  const logs: LogEntry[] = [];
  if (next.online !== before.online) logs.push({ type: next.online ? 'online' : 'offline', at });
  if (next.idle !== before.idle)
    logs.push({
      type: next.idle ? 'idle_start' : 'idle_end',
      at,
      details: { idle_seconds: row.lastIdleSeconds ?? 0, idle_timeout_minutes: timeoutSeconds / 60 },
    });
  return { next, logs, announce: same(announced(before), announced(next)) ? null : announced(next) };
}

/**
 * A presence change once its columns are written (`row`, the updated attendance): its log entries
 * (`online`/`offline`, `idle_start`/`idle_end`), and `presence.changed` once, after commit, when what viewers see
 * changed.
 */
export async function recordPresenceChange(
  deps: Pick<Deps, 'realtime'>,
  uow: UnitOfWork,
  row: AttendanceRow,
  change: PresenceChange,
) {
  await appendLogs(
    uow.tx,
    change.logs.map((l) => ({ attendance: row, ...l })),
  );
  if (change.announce)
    announcePresence(deps, uow, { organizationId: row.organizationId, vaId: row.vaId, ...change.announce });
}
