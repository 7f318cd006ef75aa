import { TRACKING } from '@vahub/shared/attendance/schemas';
import type { Deps } from '../../../lib/types';
import { announcePresence } from '../attendance.announce';
import { appendLog } from '../attendance.logs';
import { lastSignOfLife } from './presence';
import { endAttendance } from './shift';
import { quietPastEnd, silentOnline, updateAttendance } from './tracker.repository';

export const PRESENCE_SWEEP_QUEUE = 'attendance.presence-sweep';
export const AUTO_CLOSE_QUEUE = 'attendance.auto-close';

/** Rows a sweep handles per transaction: short transactions, and a crash loses at most one batch's work. */
const BATCH = 200;

type SweepDeps = Pick<Deps, 'transaction' | 'clock' | 'realtime' | 'events'>;

/**
 * Every minute: ongoing attendances still shown online whose latest ping is older than 2 minutes go offline
 * (column, `offline` log at the moment they went silent + 2 minutes, `presence.changed`). Rows an ingest is
 * holding are skipped: that ingest decides. Answers how many went offline.
 */
export async function presenceSweep(deps: SweepDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await deps.transaction(async (uow) => {
      const now = deps.clock.now();
      const since = new Date(now.getTime() - TRACKING.onlineWindowSeconds * 1000);
      const rows = await silentOnline(uow.tx, since, BATCH);
      for (const a of rows) {
        const row = await updateAttendance(uow.tx, a.id, { online: false });
        const seen = lastSignOfLife(a);
        const wentAt = seen ? new Date(seen.getTime() + TRACKING.onlineWindowSeconds * 1000) : now;
        await appendLog(uow.tx, row, {
          type: 'offline',
          at: wentAt,
          details: { last_ping_at: a.lastPingAt },
        });
        announcePresence(deps, uow, {
          organizationId: row.organizationId,
          vaId: row.vaId,
          online: false,
          idle: false,
        });
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

/**
 * Every 5 minutes: an ongoing attendance with nothing for 4 hours after its scheduled end (no ping, and no
 * clock-in, later than that) ends at its last ping, or at its clock-in if it never pinged (`auto_close`).
 * Answers how many ended.
 */
export async function autoCloseSweep(deps: SweepDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await deps.transaction(async (uow) => {
      const now = deps.clock.now();
      const rows = await quietPastEnd(uow.tx, now, TRACKING.autoCloseAfterSeconds, BATCH);
      for (const a of rows) {
        await endAttendance(deps, uow, a, {
          endedAt: lastSignOfLife(a) ?? a.scheduledEndAt,
          now,
          reason: 'auto_close',
          actorId: null,
        });
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

/**
 * The two crons, run once per tick across instances (pg-boss cron + a singleton queue); the tests turn crons
 * off (JOBS_CRONS=false) and call the sweeps themselves with their clock.
 */
export function registerSweeps(deps: Deps) {
  deps.jobs.work(PRESENCE_SWEEP_QUEUE, async () => void (await presenceSweep(deps)), {
    policy: 'singleton',
    expireInSeconds: 120,
  });
  deps.jobs.work(AUTO_CLOSE_QUEUE, async () => void (await autoCloseSweep(deps)), {
    policy: 'singleton',
    expireInSeconds: 600,
  });
  deps.jobs.schedule(PRESENCE_SWEEP_QUEUE, '* * * * *');
  deps.jobs.schedule(AUTO_CLOSE_QUEUE, '*/5 * * * *');
}
