// Attendance data for `npm run bench`: every active VA of the bench agency gets an active contract with a
// client and an ongoing attendance (most online, some idle, some gone quiet), so the online list and ping
// ingest are measured at the size of a large agency.
import { randomUUID } from 'node:crypto';
import { TRACKING } from '@vahub/shared/attendance/schemas';
import { localDate } from '@vahub/shared/time/zoned';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { attendanceBlocks, attendances, contractSettings, contracts, users } from '../src/db/schema';

const CHUNK = 1000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Seeds contracts and ongoing attendances; answers how many VAs are on shift. */
export async function seedOngoingShifts(db: Db, now: Date): Promise<number> {
  const people = await db
    .select({ id: users.id, roles: users.roles, timezone: users.timezone })
    .from(users)
    .where(and(eq(users.organizationId, 1), eq(users.status, 'active')));
  const clients = people.filter((p) => p.roles.includes('client'));
  const vas = people.filter((p) => p.roles.includes('va'));
  const today = localDate(now, 'UTC');
  const planned = vas.map((va, i) => ({ va, client: clients[i % clients.length] }));
  const contractIds: number[] = [];
  await insertChunked(planned, async (chunk) => {
    const rows = await db
      .insert(contracts)
      .values(
        chunk.map((p) => ({
          organizationId: 1,
          vaId: p.va.id,
          clientId: p.client.id,
          title: 'Bench support',
          status: 'active' as const,
          startDate: '2026-01-01',
          timezone: p.client.timezone,
          activatedAt: now,
        })),
      )
      .returning({ id: contracts.id });
    contractIds.push(...rows.map((r) => r.id));
  });
  await insertChunked(contractIds, (chunk) =>
    db.insert(contractSettings).values(chunk.map((contractId) => ({ contractId }))),
  );
  const minute = 60_000;
  const start = new Date(now.getTime() - 3 * 3600_000);
  const end = new Date(now.getTime() + 5 * 3600_000);
  const attendanceRows = planned.map((p, i) => {
    // 70% online, 10% idle, 20% quiet for 5 minutes (on shift, offline).
    const quiet = i % 10 >= 8;
    const idle = i % 10 === 7;
    return {
      organizationId: 1,
      contractId: contractIds[i],
      vaId: p.va.id,
      clientId: p.client.id,
      date: today,
      timezone: p.client.timezone,
      scheduledStartAt: start,
      scheduledEndAt: end,
      startedAt: start,
      status: 'ongoing' as const,
      lastPingAt: new Date(now.getTime() - (quiet ? 5 : 0.5) * minute),
      lastIdleSeconds: idle ? 900 : 3,
      lastActiveWindow: { app: 'Google Chrome', title: 'Inbox (42) - Gmail' },
      source: 'desktop' as const,
      online: !quiet,
      idle,
      workedSeconds: 3 * 3600,
      activeSeconds: 2 * 3600,
      idleSeconds: 3600,
    };
  });
  const ids: number[] = [];
  await insertChunked(attendanceRows, async (chunk) => {
    const rows = await db.insert(attendances).values(chunk).returning({ id: attendances.id });
    ids.push(...rows.map((r) => r.id));
  });
  // The last hour of 10-minute blocks for each.
  const blockStart = Math.floor(now.getTime() / 1000 / TRACKING.blockSeconds) * TRACKING.blockSeconds * 1000;
  const blocks = ids.flatMap((attendanceId, i) =>
    Array.from({ length: 6 }, (_, k) => ({
      attendanceId,
      startAt: new Date(blockStart - k * TRACKING.blockSeconds * 1000),
      organizationId: 1,
      vaId: planned[i].va.id,
      trackedSeconds: 600,
      activeSeconds: 300 + ((i + k) % 6) * 50,
      idleSeconds: 300 - ((i + k) % 6) * 50,
      keyboard: 400,
      mouse: 900,
      pings: 10,
    })),
  );
  await insertChunked(blocks, (chunk) => db.insert(attendanceBlocks).values(chunk));
  return ids.length;
}

/** A batch of `n` pings inside the bench shift, each with a fresh id (so each round is new work). */
/**
 * Batches of pings as a tracker sends them: each ping later than the one before (a tracker's clock moves on),
 * spaced a few seconds apart so a whole run fits inside the bench shift (started 3 h before `start`).
 */
export function pingBatches(attendanceId: number, start: Date) {
  let at = start.getTime() - 3 * 3600_000 + 60_000;
  return (n: number) => () => ({
    attendance_id: attendanceId,
    pings: Array.from({ length: n }, (_, i) => {
      at += 1000;
      return {
        id: randomUUID(),
        at: new Date(at).toISOString(),
        keyboard: 40 + (i % 7),
        mouse: 120 + (i % 11),
        idle_seconds: i % 5 === 0 ? 90 : 2,
        active_window: { app: 'Slack', title: 'general' },
        source: 'desktop',
      };
    }),
  });
}

/** The bench VA's ongoing attendance. */
export async function ongoingOf(db: Db, vaId: number): Promise<number> {
  const [row] = await db
    .select({ id: attendances.id })
    .from(attendances)
    .where(and(eq(attendances.vaId, vaId), eq(attendances.status, 'ongoing')));
  return row.id;
}
