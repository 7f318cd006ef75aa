import { randomUUID } from 'node:crypto';
import { addDays } from '@vahub/shared/time/dates';
import { shiftsBetween } from '@vahub/shared/time/shifts';
import { localDate } from '@vahub/shared/time/zoned';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  attendanceBlocks,
  attendanceLogs,
  attendancePings,
  attendances,
  contracts,
  users,
} from '../db/schema';
import { BlockDeltas, contribution, toSec } from '../modules/attendance/public';
import { engineContract } from '../modules/contracts/public';

/** How far back the demo's history goes, and for how many recent days raw pings are kept beside the blocks. */
const HISTORY_DAYS = 56;
const PING_DAYS = 2;
const MINUTE = 60_000;

/** A small seeded generator (mulberry32): the same demo every time for the same contract and day. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = typeof attendances.$inferInsert;
type Block = typeof attendanceBlocks.$inferInsert;
type Ping = typeof attendancePings.$inferInsert;
type Log = typeof attendanceLogs.$inferInsert;

/** One worked shift as a tracker would have recorded it: minute pings rolled into sums and 10-minute blocks. */
function track(
  rnd: () => number,
  opts: { focus: number; idleTimeoutSeconds: number; source: 'web' | 'desktop'; keepPings: boolean },
  startedAt: Date,
  endedAt: Date,
) {
  const pings: Array<Omit<Ping, 'attendanceId' | 'organizationId' | 'vaId'>> = [];
  const idleSpells: Array<{ from: number; to: number }> = [];
  const span = endedAt.getTime() - startedAt.getTime();
  // A quarter of the shifts have a long idle spell (a meeting away from the desk, a long lunch).
  if (rnd() < 0.25 && span > 90 * MINUTE) {
    const from = startedAt.getTime() + Math.floor(rnd() * (span - 60 * MINUTE));
    idleSpells.push({ from, to: from + (15 + Math.floor(rnd() * 26)) * MINUTE });
  }
  // The tracker's own time model: each ping covers the time since the previous one, split over 10-minute blocks.
  const deltas = new BlockDeltas();
  const bounds = { startedSec: toSec(startedAt), endedSec: toSec(endedAt) };
  let previous: number | null = null;
  let lastIdle = 0;
  const windows = ['Gmail', 'Google Sheets', 'Slack', 'Zendesk', 'QuickBooks Online', 'Canva'];
  for (let at = bounds.startedSec + 60; at < bounds.endedSec + 60; at += 60) {
    const atSec = Math.min(at, bounds.endedSec);
    const covered = atSec - (previous ?? bounds.startedSec);
    const inSpell = idleSpells.some((spell) => atSec * 1000 > spell.from && atSec * 1000 <= spell.to);
    lastIdle = inSpell ? lastIdle + covered : rnd() < opts.focus ? 0 : Math.floor(rnd() * 50);
    const resting = lastIdle >= covered;
    const keyboard = resting ? 0 : Math.floor(rnd() * 90 * opts.focus);
    const mouse = resting ? 0 : Math.floor(rnd() * 60);
    deltas.add(contribution({ atSec, idleSeconds: lastIdle }, previous, bounds), 1);
    deltas.count(atSec, keyboard, mouse);
    previous = atSec;
    if (opts.keepPings) {
      pings.push({
        clientId: randomUUID(),
        at: new Date(atSec * 1000),
        keyboard,
        mouse,
        idleSeconds: lastIdle,
        activeWindow: { app: windows[Math.floor(rnd() * windows.length)], title: '' },
        source: opts.source,
        receivedAt: new Date(atSec * 1000),
      });
    }
  }
  const blocks = deltas.changed().map((e) => ({
    startAt: new Date(e.blockSec * 1000),
    trackedSeconds: e.tracked,
    activeSeconds: e.active,
    idleSeconds: e.idle,
    keyboard: e.keyboard,
    mouse: e.mouse,
    pings: e.pings,
  }));
  const { tracked: worked, active, idle } = deltas.totals();
  const logs: Array<Pick<Log, 'type' | 'at'>> = [];
  for (const s of idleSpells) {
    const start = s.from + opts.idleTimeoutSeconds * 1000;
    if (start >= Math.min(s.to, endedAt.getTime())) continue;
    logs.push(
      { type: 'idle_start', at: new Date(start) },
      { type: 'idle_end', at: new Date(Math.min(s.to, endedAt.getTime())) },
    );
  }
  return { blocks, pings, logs, worked, active, idle, lastIdle };
}

/**
 * Eight weeks of attendance history for the demo's contracts: on-time and late days, absences, idle spells,
 * forced logouts and automatic closes, overnight shifts, as the engine (shifts from the schedules) and the
 * tracker (minute pings rolled into sums and 10-minute blocks) would have recorded them. Raw pings only for
 * the last days, as retention would leave them. Shifts not yet ended are left to the engine.
 */
export async function seedDemoAttendance(db: Db, log: { info(msg: string): void }, now = new Date()) {
  const ids = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organizationId, 1), inArray(contracts.status, ['active', 'paused', 'ended'])));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@example.com'`);

  let shiftCount = 0;
  let blockCount = 0;
  let pingCount = 0;
  for (const { id } of ids) {
    const c = await engineContract(db, id);
    if (!c) continue;
    const today = localDate(now, c.timezone);
    // A paused contract stopped two weeks ago; an ended one on its end date.
    const last = c.status === 'paused' ? addDays(today, -14) : (c.endDate ?? today);
    const from = addDays(today, -HISTORY_DAYS) > c.startDate ? addDays(today, -HISTORY_DAYS) : c.startDate;
    const shifts = shiftsBetween(
      c.schedules,
      c.timezone,
      { from, to: last < today ? last : today },
      c,
    ).filter((s) => s.endAt.getTime() <= now.getTime());
    if (!shifts.length) continue;
    const rnd = random(c.id * 7919);
    const focus = 0.6 + rnd() * 0.35;
    const lateProne = rnd() < 0.3 ? 0.3 : 0.08;
    const source = c.vaId % 4 === 0 ? 'web' : 'desktop';
    const grace = c.settings.lateGraceMinutes;
    const pingSince = addDays(today, -PING_DAYS);

    const plans = shifts.map((shift) => {
      const r = random(c.id * 100_003 + shift.startAt.getTime() / MINUTE);
      const base: Row = {
        organizationId: c.organizationId,
        contractId: c.id,
        vaId: c.vaId,
        clientId: c.clientId,
        scheduleId: shift.scheduleId,
        date: shift.date,
        timezone: c.timezone,
        scheduledStartAt: shift.startAt,
        scheduledEndAt: shift.endAt,
        status: 'completed',
      };
      if (r() < 0.05) {
        return {
          row: {
            ...base,
            status: 'absent' as const,
            lateAlertedAt: new Date(shift.startAt.getTime() + grace * MINUTE),
          },
          tracked: null,
          logs: [{ type: 'absent', at: shift.endAt, actorId: null }],
        };
      }
      const delayMin = r() < lateProne ? 6 + Math.floor(r() * 40) : -8 + Math.floor(r() * 12);
      const startedAt = new Date(shift.startAt.getTime() + delayMin * MINUTE + Math.floor(r() * 50_000));
      const ending = r();
      const reason = ending < 0.04 ? 'forced_logout' : ending < 0.07 ? 'auto_close' : 'clock_out';
      const endedAt = new Date(
        reason === 'forced_logout'
          ? shift.endAt.getTime() - (30 + Math.floor(r() * 60)) * MINUTE
          : shift.endAt.getTime() + (-3 + Math.floor(r() * 10)) * MINUTE,
      );
      const tracked = track(
        r,
        {
          focus,
          idleTimeoutSeconds: c.settings.idleTimeoutMinutes * 60,
          source,
          keepPings: shift.date >= pingSince,
        },
        startedAt,
        endedAt,
      );
      const lateMinutes = Math.max(
        0,
        Math.floor((startedAt.getTime() - shift.startAt.getTime()) / MINUTE) - grace,
      );
      const row: Row = {
        ...base,
        startedAt,
        endedAt,
        endReason: reason,
        lastPingAt: endedAt,
        lastIdleSeconds: tracked.lastIdle,
        source,
        workedSeconds: tracked.worked,
        activeSeconds: tracked.active,
        idleSeconds: tracked.idle,
        lateMinutes,
        lateAlertedAt: lateMinutes > 0 ? new Date(shift.startAt.getTime() + grace * MINUTE) : null,
      };
      const logs = [
        {
          type: 'clock_in',
          at: startedAt,
          actorId: null,
          details: lateMinutes ? { late_minutes: lateMinutes } : {},
        },
        ...tracked.logs.map((l) => ({ ...l, actorId: null })),
        {
          type: reason,
          at: endedAt,
          actorId: reason === 'forced_logout' ? (admin?.id ?? null) : null,
        },
      ];
      return { row, tracked, logs };
    });

    const inserted = await db
      .insert(attendances)
      .values(plans.map((p) => p.row))
      .onConflictDoNothing()
      .returning({ id: attendances.id, start: attendances.scheduledStartAt });
    const idOf = new Map(inserted.map((r) => [r.start.getTime(), r.id]));
    const owner = { organizationId: c.organizationId, vaId: c.vaId };
    const blocks: Block[] = [];
    const pings: Ping[] = [];
    const logs: Log[] = [];
    for (const p of plans) {
      const id = idOf.get((p.row.scheduledStartAt as Date).getTime());
      if (!id) continue;
      shiftCount++;
      for (const b of p.tracked?.blocks ?? []) blocks.push({ ...b, ...owner, attendanceId: id } as Block);
      for (const x of p.tracked?.pings ?? []) pings.push({ ...x, ...owner, attendanceId: id } as Ping);
      for (const l of p.logs) logs.push({ ...l, ...owner, clientId: c.clientId, attendanceId: id } as Log);
    }
    for (let i = 0; i < blocks.length; i += 2000)
      await db.insert(attendanceBlocks).values(blocks.slice(i, i + 2000));
    for (let i = 0; i < pings.length; i += 2000)
      await db.insert(attendancePings).values(pings.slice(i, i + 2000));
    for (let i = 0; i < logs.length; i += 2000)
      await db.insert(attendanceLogs).values(logs.slice(i, i + 2000));
    blockCount += blocks.length;
    pingCount += pings.length;
  }
  log.info(`Seeded ${shiftCount} past demo shifts (${blockCount} activity blocks, ${pingCount} raw pings)`);
}
