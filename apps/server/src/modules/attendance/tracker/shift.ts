import { msg } from '@vahub/shared/api/messages';
import { ATTENDANCE_MESSAGES as M } from '@vahub/shared/attendance/messages';
import { TRACKING } from '@vahub/shared/attendance/schemas';
import type { CurrentShift } from '@vahub/shared/attendance/tracker-protocol';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { instantText } from '../../../lib/clock-text';
import { AppError, notFound } from '../../../lib/errors';
import type { Deps } from '../../../lib/types';
import type { Viewer } from '../../../lib/viewer';
import type { UnitOfWork } from '../../../platform/transaction';
import { type TrackingTerms, trackingTermsOf } from '../../contracts/public';
import { clockOf, peopleByIds } from '../../people/public';
import { agentsConnected } from '../attendance.agents';
import { announceAttendance, announcePresence } from '../attendance.announce';
import { appendLog } from '../attendance.logs';
import { currentTaskOf, toAttendance } from '../attendance.mapper';
import { toPersonSummary } from '../attendance.people';
import { attendances } from '../attendance.table';
import { screenshotNoticeMuted } from './screenshot-notice';
import { clockInWindow, endedAtOf, lateMinutesOf } from './shift-maths';
import {
  type AttendanceRow,
  lockAttendance,
  lockVaClockIn,
  ongoingOf,
  resumableOf,
  upcomingNotOver,
  updateAttendance,
} from './tracker.repository';

/** A 422 that is about the request as a whole (no field): `message` carries the catalog text. */
export const refuse = (message: string) => new AppError('validation', message, { attendance_id: [message] });

/** "7:45 PM on Wed, Dec 2": an instant as the VA reads it (their profile's zone and clock). */
async function vaTimeText(db: Db, viewer: Viewer, instant: Date) {
  return instantText(instant, await clockOf(db, viewer.userId));
}

/** A shift the VA clocked out of may take a clock-in again while its scheduled window lasts. */
const resumable = (a: AttendanceRow, now: Date) =>
  a.status === 'completed' && a.endReason === 'clock_out' && a.startedAt !== null && now < a.scheduledEndAt;

async function termsOf(db: Db, contractId: number): Promise<TrackingTerms> {
  const terms = (await trackingTermsOf(db, [contractId])).get(contractId);
  if (!terms) throw new Error(`attendance contract ${contractId} is missing`);
  return terms;
}

/** The viewer's own attendance `id` (a VA's clock-in and clock-out name only their own). */
const ownAttendance = (viewer: Viewer, id: number) =>
  and(
    eq(attendances.id, id),
    eq(attendances.organizationId, viewer.organizationId),
    eq(attendances.vaId, viewer.userId),
  ) as SQL;

/**
 * The shift a VA may clock in to now: the one they clocked out of while it lasts (clock in again), else one
 * inside its window; else the next one whose window is still ahead: among the upcoming shifts not yet over,
 * soonest first.
 */
async function nextShift(db: Db, viewer: Viewer, now: Date) {
  const again = await resumableOf(db, viewer.organizationId, viewer.userId, now);
  if (again) {
    const t = await termsOf(db, again.contractId);
    if (t.status === 'active') return { row: again, terms: t, open: true };
  }
  const candidates = await upcomingNotOver(db, viewer.organizationId, viewer.userId, now);
  if (!candidates.length) return null;
  const terms = await trackingTermsOf(
    db,
    candidates.map((c) => c.contractId),
  );
  let next: { row: AttendanceRow; terms: TrackingTerms; open: boolean } | null = null;
  for (const row of candidates) {
    const t = terms.get(row.contractId);
    if (t?.status !== 'active') continue;
    const open = clockInWindow(row, t).opensAt <= now;
    if (open) return { row, terms: t, open };
    next ??= { row, terms: t, open };
  }
  return next;
}

/** `GET attendance/current/user`: the ongoing shift, else the next one, with its window and settings. */
export async function currentShift(deps: Deps, viewer: Viewer): Promise<CurrentShift> {
  const now = deps.clock.now();
  const ongoing = await ongoingOf(deps.db, viewer.organizationId, viewer.userId);
  const found = ongoing
    ? { row: ongoing, terms: await termsOf(deps.db, ongoing.contractId), open: false }
    : await nextShift(deps.db, viewer, now);
  const agents = await agentsConnected(deps, viewer.organizationId, [viewer.userId]);
  const base = {
    agent_connected: agents.has(viewer.userId),
    current_task: ongoing ? currentTaskOf(ongoing) : null,
    server_time: now.toISOString(),
  };
  if (!found)
    return {
      ...base,
      state: 'none',
      attendance: null,
      contract: null,
      client: null,
      clock_in_opens_at: null,
      clock_in_closes_at: null,
      can_clock_in: false,
      settings: null,
    };
  const { row, terms } = found;
  const window = clockInWindow(row, terms);
  const muted = terms.vaMayMuteScreenshotNotice && (await screenshotNoticeMuted(deps.db, viewer.userId));
  const client = (await peopleByIds(deps.db, [row.clientId])).get(row.clientId);
  return {
    ...base,
    state: ongoing ? 'ongoing' : 'upcoming',
    attendance: toAttendance(row),
    contract: { id: terms.contractId, title: terms.title },
    client: client ? toPersonSummary(client) : null,
    clock_in_opens_at: window.opensAt.toISOString(),
    clock_in_closes_at: window.closesAt.toISOString(),
    can_clock_in: !ongoing && found.open,
    settings: {
      ping_interval_seconds: TRACKING.pingIntervalSeconds,
      idle_timeout_minutes: terms.idleTimeoutMinutes,
      late_grace_minutes: terms.lateGraceMinutes,
      early_clock_in_minutes: terms.earlyClockInMinutes,
      screenshots_enabled: terms.screenshotsEnabled,
      screenshots_per_hour: terms.screenshotsPerHour,
      blur_screenshots: terms.blurScreenshots,
      screenshot_privacy: terms.screenshotPrivacy,
      screenshots_on_demand: terms.screenshotsOnDemand,
      screenshot_notice: terms.screenshotNotice,
      va_may_mute_screenshot_notice: terms.vaMayMuteScreenshotNotice,
      screenshot_notice_muted: muted,
    },
  };
}

/**
 * `POST attendance/clock-in {attendance_id?}`. Without an id: the ongoing shift (a repeated call answers it),
 * else the shift whose window is open now. One VA's clock-ins take turns (advisory lock), so two at once
 * cannot start two shifts.
 */
export async function clockIn(deps: Deps, viewer: Viewer, attendanceId: number | undefined) {
  return deps.transaction(async (uow) => {
    await lockVaClockIn(uow.tx, viewer.userId);
    const now = deps.clock.now();
    const ongoing = await ongoingOf(uow.tx, viewer.organizationId, viewer.userId);
    if (ongoing && (attendanceId === undefined || attendanceId === ongoing.id)) return toAttendance(ongoing);
    let target: AttendanceRow;
    if (attendanceId !== undefined) {
      const row = await lockAttendance(uow.tx, ownAttendance(viewer, attendanceId));
      if (!row) throw notFound('Attendance');
      target = row;
    } else {
      const next = await nextShift(uow.tx, viewer, now);
      if (!next) throw refuse(M.no_shift);
      target = next.row;
    }
    if (ongoing) throw refuse(M.clocked_in_elsewhere);
    if (target.status === 'completed' && resumable(target, now))
      return clockInAgain(deps, uow, viewer, target);
    if (target.status === 'completed') throw refuse(M.already_ended);
    if (target.status === 'absent') throw refuse(M.clock_in_closed);
    if (target.status !== 'upcoming') throw refuse(M.no_shift);
    const terms = await termsOf(uow.tx, target.contractId);
    if (terms.status !== 'active') throw refuse(M.contract_not_active);
    const window = clockInWindow(target, terms);
    if (now < window.opensAt)
      throw refuse(msg(M.clock_in_opens, { at: await vaTimeText(uow.tx, viewer, window.opensAt) }));
    if (now >= window.closesAt) throw refuse(M.clock_in_closed);

    const lateMinutes = lateMinutesOf(now, target.scheduledStartAt, terms.lateGraceMinutes);
    const row = await updateAttendance(uow.tx, target.id, {
      status: 'ongoing',
      startedAt: now,
      lateMinutes,
      // Online from the clock-in (the tracker's first ping follows): the online list shows it at once.
      online: true,
      idle: false,
      updatedAt: now,
    });
    return started(deps, uow, viewer, row, now, {});
  });
}

/**
 * A clock-in (first or again) done: logged (with the lateness and `details`), `attendance.started` raised, the
 * shift announced and the VA online with it.
 */
async function started(
  deps: Deps,
  uow: UnitOfWork,
  viewer: Viewer,
  row: AttendanceRow,
  now: Date,
  details: Record<string, unknown>,
) {
  await appendLog(uow.tx, row, {
    type: 'clock_in',
    at: now,
    actorId: viewer.userId,
    details: { ...details, late_minutes: row.lateMinutes },
  });
  await deps.events.raise(uow, row.organizationId, 'attendance.started', {
    attendance_id: row.id,
    va_id: row.vaId,
    late_minutes: row.lateMinutes,
  });
  announceAttendance(deps, uow, row);
  announcePresence(deps, uow, {
    organizationId: row.organizationId,
    vaId: row.vaId,
    online: true,
    idle: false,
  });
  return toAttendance(row);
}

/**
 * Clock-in again to a shift the VA clocked out of, while its window lasts: the same attendance goes on (its
 * worked time continues from what it had; lateness stays that of the first clock-in). The time between the
 * clock-out and now is its latest break: pings inside it are refused, no span counts it.
 */
async function clockInAgain(deps: Deps, uow: UnitOfWork, viewer: Viewer, target: AttendanceRow) {
  const now = deps.clock.now();
  const terms = await termsOf(uow.tx, target.contractId);
  if (terms.status !== 'active') throw refuse(M.contract_not_active);
  const pausedAt = target.endedAt ?? now;
  const resumedAt = pausedAt > now ? pausedAt : now;
  const row = await updateAttendance(uow.tx, target.id, {
    status: 'ongoing',
    endedAt: null,
    endReason: null,
    pausedAt,
    resumedAt,
    breakSeconds: target.breakSeconds + Math.floor((resumedAt.getTime() - pausedAt.getTime()) / 1000),
    online: true,
    idle: false,
    updatedAt: now,
  });
  return started(deps, uow, viewer, row, now, { again: true, break_from: pausedAt.toISOString() });
}

export type EndReason = NonNullable<AttendanceRow['endReason']>;

/**
 * Ends an ongoing attendance (clock-out, forced logout, auto-close) inside the caller's transaction. The end
 * is never before its latest ping, so no ping already counted lies after it. Logs (at `now`, by `actorId`),
 * raises `attendance.ended` and announces the change, and the presence when the VA was shown online.
 */
export async function endAttendance(
  deps: Pick<Deps, 'events' | 'realtime'>,
  uow: UnitOfWork,
  a: AttendanceRow,
  end: { endedAt: Date; now: Date; reason: EndReason; actorId: number | null },
) {
  const endedAt = endedAtOf(end.endedAt, a.lastPingAt);
  const row = await updateAttendance(uow.tx, a.id, {
    status: 'completed',
    endedAt,
    endReason: end.reason,
    online: false,
    idle: false,
    updatedAt: end.now,
  });
  await appendLog(uow.tx, row, {
    type: end.reason,
    at: end.now,
    actorId: end.actorId,
    details: { ended_at: endedAt.toISOString(), worked_seconds: row.workedSeconds },
  });
  await deps.events.raise(uow, row.organizationId, 'attendance.ended', {
    attendance_id: row.id,
    va_id: row.vaId,
    reason: end.reason,
  });
  announceAttendance(deps, uow, row);
  if (a.online)
    announcePresence(deps, uow, {
      organizationId: row.organizationId,
      vaId: row.vaId,
      online: false,
      idle: false,
    });
  return row;
}

/** Why an attendance cannot end now: 422 with the catalog's message. */
function assertEndable(a: AttendanceRow) {
  if (a.status === 'completed') throw refuse(M.already_ended);
  if (a.status !== 'ongoing') throw refuse(M.not_started);
}

/**
 * Locks the attendance `where` names and ends it now (clock-out, forced logout), by `actorId`: 404 when there
 * is none, 422 when it is not ongoing.
 */
export async function endNow(
  deps: Deps,
  uow: UnitOfWork,
  where: SQL,
  end: { reason: Extract<EndReason, 'clock_out' | 'forced_logout'>; actorId: number },
) {
  const a = await lockAttendance(uow.tx, where);
  if (!a) throw notFound('Attendance');
  assertEndable(a);
  const now = deps.clock.now();
  return endAttendance(deps, uow, a, { endedAt: now, now, ...end });
}

/** `POST attendance/clock-out {attendance_id}`: the VA ends their own shift. */
export async function clockOut(deps: Deps, viewer: Viewer, attendanceId: number) {
  return deps.transaction(async (uow) => {
    const row = await endNow(deps, uow, ownAttendance(viewer, attendanceId), {
      reason: 'clock_out',
      actorId: viewer.userId,
    });
    return toAttendance(row);
  });
}
