import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  attendanceBlocks,
  attendanceLogs,
  attendancePings,
  attendances,
} from '../src/modules/attendance/attendance.table';
import { contractSettings, contracts, schedules } from '../src/modules/contracts/contracts.table';
import { clientManagers } from '../src/modules/people/client-managers.table';
import { callAs, insertShift, seedElsewhere, seedNightsTeam, userMaker, useWorld } from './attendance-world';
import type { Harness } from './harness';

export { callAs } from './attendance-world';

type AttendanceRow = typeof attendances.$inferSelect;
type ContractRow = typeof contracts.$inferSelect;

/**
 * The tracker tests' world (rows straight into the tables: the engine that generates shifts is another
 * part's work). Organization 1: an admin, a manager assigned client Mina, a manager leading a team with Ben,
 * a manager with nobody; VA Ana (Manila) works for Mina, VA Ben for client Theo. Organization 2: an admin,
 * a client and a VA. Contracts are active with settings (idle timeout 5, grace 5, early clock-in 15) and a
 * weekday schedule 09:00–17:00 in Manila (01:00–09:00 UTC).
 */
/**
 * Organization 1's people the attendance worlds share (admin Ada, manager Mia with client Mina, Leo leading the
 * team "Nights" with Ben, clients Mina and Theo, VAs Ana and Ben; `idleManager`: Ned, who supervises nobody) and
 * organization 2's. Created in this order, so the ids are the same in every world.
 */
export async function seedHomePeople(h: Harness, { idleManager = false } = {}) {
  const user = userMaker(h);
  const admin = await user('admin@home.test', 'admin', 'Ada', { timezone: 'UTC' });
  const manager = await user('manager@home.test', 'manager', 'Mia', { timezone: 'UTC' });
  const leader = await user('leader@home.test', 'manager', 'Leo', { timezone: 'UTC' });
  const ned = idleManager ? await user('nobody@home.test', 'manager', 'Ned', { timezone: 'UTC' }) : null;
  const mina = await user('mina@home.test', 'client', 'Mina', { timezone: 'America/New_York' });
  const theo = await user('theo@home.test', 'client', 'Theo', { timezone: 'Europe/London' });
  const ana = await user('ana@home.test', 'va', 'Ana', { timezone: 'Asia/Manila' });
  const ben = await user('ben@home.test', 'va', 'Ben', { timezone: 'Asia/Manila' });
  const elsewhere = await seedElsewhere(h);
  await h.db.insert(clientManagers).values({ clientId: mina.id, managerId: manager.id });
  const team = await seedNightsTeam(h, leader.id, ben.id);
  return { admin, manager, leader, ned, mina, theo, ana, ben, ...elsewhere, team };
}

export async function seedTrackerWorld(h: Harness) {
  const { ned, ...people } = await seedHomePeople(h, { idleManager: true });
  const { admin, manager, leader, mina, theo, ana, ben, org2, admin2, client2, va2 } = people;
  if (!ned) throw new Error('the tracker world has an idle manager');
  const idleManager = ned;

  const c1 = await contract(h, ana.id, mina.id, 1);
  const c2 = await contract(h, ben.id, theo.id, 1);
  const c9 = await contract(h, va2.id, client2.id, org2.id);
  return {
    people: { admin, manager, leader, idleManager, mina, theo, ana, ben, admin2, client2, va2 },
    contracts: { c1, c2, c9 },
  };
}

export type TrackerWorld = Awaited<ReturnType<typeof seedTrackerWorld>>;

/** An active contract with its settings row and a Monday–Friday 09:00–17:00 schedule (Manila). */
export async function contract(
  h: Harness,
  vaId: number,
  clientId: number,
  organizationId: number,
  settings: Partial<typeof contractSettings.$inferInsert> = {},
): Promise<ContractRow> {
  const [row] = await h.db
    .insert(contracts)
    .values({
      organizationId,
      vaId,
      clientId,
      title: `Support ${vaId}`,
      status: 'active',
      startDate: '2026-01-01',
      timezone: 'Asia/Manila',
    })
    .returning();
  await h.db.insert(contractSettings).values({ contractId: row.id, ...settings });
  await h.db.insert(schedules).values(
    [1, 2, 3, 4, 5].map((weekday) => ({
      organizationId,
      contractId: row.id,
      weekday,
      startMinute: 9 * 60,
      endMinute: 17 * 60,
    })),
  );
  return row;
}

export async function setContractSettings(
  h: Harness,
  contractId: number,
  settings: Partial<typeof contractSettings.$inferInsert>,
) {
  await h.db.update(contractSettings).set(settings).where(eq(contractSettings.contractId, contractId));
}

/** A shift of a contract: `start`/`end` instants; the local date is the Manila date of the start. */
export async function shift(
  h: Harness,
  c: ContractRow,
  start: string,
  end: string,
  fields: Partial<typeof attendances.$inferInsert> = {},
): Promise<AttendanceRow> {
  const date = new Date(new Date(start).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return insertShift(h, c, date, start, end, fields);
}

/** Ana's Tuesday shift of the tracker world: 09:00–17:00 in Manila, 01:00–09:00 UTC (clock-in opens 15 min early). */
export const ANA_SHIFT = { start: '2026-03-10T01:00:00Z', end: '2026-03-10T09:00:00Z' };

/** Ana's shift, clocked in at `at` (default its start); the clock then stays there. */
export async function anaOnShift(h: Harness, w: TrackerWorld, at = ANA_SHIFT.start) {
  const a = await shift(h, w.contracts.c1, ANA_SHIFT.start, ANA_SHIFT.end);
  h.clock.set(at);
  const res = await callAs(h, 'ana@home.test', 'va', 'POST', 'attendance/clock-in', { attendance_id: a.id });
  if (res.status !== 200) throw new Error(`clock-in answered ${res.status}`);
  return a;
}

/** A VA's batch of pings to an attendance (Ana's unless `email` says whose). */
export const sendPings = (h: Harness, attendance_id: number, pings: unknown[], email = 'ana@home.test') =>
  callAs(h, email, 'va', 'POST', 'attendance/pings', { attendance_id, pings });

export const attendanceRow = async (h: Harness, id: number) =>
  (await h.db.select().from(attendances).where(eq(attendances.id, id)))[0];

export const blocksOf = (h: Harness, id: number) =>
  h.db
    .select()
    .from(attendanceBlocks)
    .where(eq(attendanceBlocks.attendanceId, id))
    .orderBy(attendanceBlocks.startAt);

export const logsOf = (h: Harness, id: number) =>
  h.db.select().from(attendanceLogs).where(eq(attendanceLogs.attendanceId, id)).orderBy(attendanceLogs.id);

export const pingCount = async (h: Harness, id: number) =>
  (await h.db.select().from(attendancePings).where(eq(attendancePings.attendanceId, id))).length;

/** A ping as a tracker sends it; `at` an ISO instant. */
export const ping = (at: string, fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  at,
  keyboard: 10,
  mouse: 5,
  idle_seconds: 0,
  source: 'desktop',
  ...fields,
});

/** Pings every `stepSeconds` from `from` (exclusive) for `count` pings. */
export function pingSeries(
  from: string,
  count: number,
  stepSeconds = 60,
  fields: Record<string, unknown> = {},
) {
  const start = new Date(from).getTime();
  return Array.from({ length: count }, (_, i) =>
    ping(new Date(start + (i + 1) * stepSeconds * 1000).toISOString(), fields),
  );
}

/**
 * The tracker world afresh for each test of a file: `world.h` and `world.w` once a test runs, `send` a batch of Ana's
 * pings (or `email`'s), `onShift` Ana's shift clocked in.
 */
export function useTrackerWorld() {
  const world = {} as { h: Harness; w: TrackerWorld };
  useWorld('each', seedTrackerWorld, (h, w) => {
    world.h = h;
    world.w = w;
  });
  return {
    world,
    send: (attendanceId: number, pings: unknown[], email?: string) =>
      sendPings(world.h, attendanceId, pings, email),
    onShift: (at?: string) => anaOnShift(world.h, world.w, at),
  };
}
