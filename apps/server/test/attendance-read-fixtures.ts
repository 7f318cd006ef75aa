import {
  attendanceBlocks,
  attendanceLogs,
  attendancePings,
  type attendances,
} from '../src/modules/attendance/attendance.table';
import { contracts } from '../src/modules/contracts/contracts.table';
import { clientManagers } from '../src/modules/people/client-managers.table';
import { insertShift, seedElsewhere, seedNightsTeam, userMaker } from './attendance-world';
import type { Harness } from './harness';

export { getAs } from './attendance-world';

type AttendanceInsert = typeof attendances.$inferInsert;
type ContractRow = typeof contracts.$inferSelect;

/** "Now" of every read test: Wednesday 23:30 UTC, already Thursday 07:30 in Manila, 18:30 in New York. */
export const NOW = '2026-03-04T23:30:00Z';
const t = (iso: string) => new Date(iso);

/** Rows straight into the tables (generation and ingest are other parts' work). */
export function readFixtures(h: Harness) {
  const contract = async (
    vaId: number,
    clientId: number,
    timezone: string,
    status: 'draft' | 'active' = 'active',
    organizationId = 1,
  ): Promise<ContractRow> => {
    const [row] = await h.db
      .insert(contracts)
      .values({
        organizationId,
        vaId,
        clientId,
        title: `Work ${vaId}-${clientId}`,
        status,
        startDate: '2026-01-01',
        timezone,
      })
      .returning();
    return row;
  };
  /** A shift of a contract: `date` is the contract's local date, start and end are instants. */
  const shift = (
    c: ContractRow,
    date: string,
    start: string,
    end: string,
    fields: Partial<AttendanceInsert> = {},
  ) => insertShift(h, c, date, start, end, fields);
  const pings = (
    a: typeof attendances.$inferSelect,
    rows: Array<{ at: string; task?: number; general?: number; idle?: number }>,
  ) =>
    h.db.insert(attendancePings).values(
      rows.map((p) => ({
        organizationId: a.organizationId,
        attendanceId: a.id,
        vaId: a.vaId,
        clientId: crypto.randomUUID(),
        at: t(p.at),
        keyboard: 10,
        mouse: 20,
        idleSeconds: p.idle ?? 0,
        taskId: p.task ?? null,
        generalTaskId: p.general ?? null,
        source: 'desktop' as const,
        receivedAt: t(p.at),
      })),
    );
  const blocks = (
    a: typeof attendances.$inferSelect,
    rows: Array<{ start: string; tracked: number; active: number }>,
  ) =>
    h.db.insert(attendanceBlocks).values(
      rows.map((b) => ({
        attendanceId: a.id,
        startAt: t(b.start),
        organizationId: a.organizationId,
        vaId: a.vaId,
        trackedSeconds: b.tracked,
        activeSeconds: b.active,
        idleSeconds: b.tracked - b.active,
        keyboard: 5,
        mouse: 6,
        pings: Math.round(b.tracked / 60),
      })),
    );
  const log = (a: typeof attendances.$inferSelect, type: string, at: string, actorId: number | null = null) =>
    h.db.insert(attendanceLogs).values({
      organizationId: a.organizationId,
      attendanceId: a.id,
      vaId: a.vaId,
      clientId: a.clientId,
      type,
      at: t(at),
      actorId,
      details: { by: 'fixture' },
    });
  return { contract, shift, pings, blocks, log };
}

/**
 * The read tests' world (see the figures in attendance-reads*.test.ts). Organization 1: an admin in Manila,
 * a manager in UTC assigned client Mine (New York), another manager with client Theirs; VAs Ana and Cai work
 * for Mine (Manila contracts), Ben for Theirs (New York contract, in the other manager's team), Dot has only
 * a draft. Organization 2 has its own admin, client and VA on shift. The clock is NOW.
 */
export async function seedReadWorld(h: Harness) {
  h.clock.set(NOW);
  const f = readFixtures(h);
  const user = userMaker(h);
  const admin = await user('admin@home.test', 'admin', 'Ada', { timezone: 'Asia/Manila', lastName: 'Admin' });
  const manager = await user('manager@home.test', 'manager', 'Mia', { timezone: 'UTC' });
  const otherManager = await user('other@home.test', 'manager', 'Otto', { timezone: 'UTC' });
  const mine = await user('mine@home.test', 'client', 'Mina', { timezone: 'America/New_York' });
  const theirs = await user('theirs@home.test', 'client', 'Theo', { timezone: 'Europe/London' });
  const ana = await user('ana@home.test', 'va', 'Ana', { timezone: 'Asia/Manila' });
  const ben = await user('ben@home.test', 'va', 'Ben', { timezone: 'America/New_York' });
  const cai = await user('cai@home.test', 'va', 'Cai', { timezone: 'Asia/Manila' });
  const dot = await user('dot@home.test', 'va', 'Dot', { timezone: 'Asia/Manila' });
  const { org2, admin2, client2, va2 } = await seedElsewhere(h);

  await h.db.insert(clientManagers).values([
    { clientId: mine.id, managerId: manager.id },
    { clientId: theirs.id, managerId: otherManager.id },
  ]);
  const team = await seedNightsTeam(h, otherManager.id, ben.id);

  const c1 = await f.contract(ana.id, mine.id, 'Asia/Manila');
  const c2 = await f.contract(ben.id, theirs.id, 'America/New_York');
  const c3 = await f.contract(cai.id, mine.id, 'Asia/Manila');
  const c4 = await f.contract(dot.id, mine.id, 'Asia/Manila', 'draft');
  const c9 = await f.contract(va2.id, client2.id, 'Asia/Manila', 'active', org2.id);

  // Ana: on shift since 23:10 (5 min late), pinged a minute ago: online.
  const a1 = await f.shift(c1, '2026-03-05', '2026-03-04T23:00:00Z', '2026-03-05T07:00:00Z', {
    status: 'ongoing',
    startedAt: t('2026-03-04T23:10:00Z'),
    lastPingAt: t('2026-03-04T23:29:00Z'),
    workedSeconds: 1140,
    activeSeconds: 900,
    idleSeconds: 0,
    lateMinutes: 5,
    source: 'desktop',
    lastActiveWindow: { app: 'Slack', title: 'general' },
    online: true,
  });
  // Ben: on shift, last ping 3 minutes ago: offline now, though the stored flag still says online.
  const a2 = await f.shift(c2, '2026-03-04', '2026-03-04T23:00:00Z', '2026-03-05T03:00:00Z', {
    status: 'ongoing',
    startedAt: t('2026-03-04T23:00:00Z'),
    lastPingAt: t('2026-03-04T23:27:00Z'),
    workedSeconds: 1620,
    activeSeconds: 1200,
    source: 'web',
    online: true,
  });
  // Cai: on shift, pinging, idle beyond the timeout.
  const a3 = await f.shift(c3, '2026-03-05', '2026-03-04T22:00:00Z', '2026-03-05T06:00:00Z', {
    status: 'ongoing',
    startedAt: t('2026-03-04T22:00:00Z'),
    lastPingAt: t('2026-03-04T23:29:30Z'),
    workedSeconds: 5400,
    activeSeconds: 3000,
    idleSeconds: 2400,
    online: true,
    idle: true,
  });
  // Ana yesterday: completed, 12 min late, ended by an admin.
  const a4 = await f.shift(c1, '2026-03-04', '2026-03-03T23:00:00Z', '2026-03-04T07:00:00Z', {
    status: 'completed',
    startedAt: t('2026-03-03T23:12:00Z'),
    endedAt: t('2026-03-04T07:05:00Z'),
    endReason: 'forced_logout',
    lastPingAt: t('2026-03-04T07:04:00Z'),
    workedSeconds: 28000,
    activeSeconds: 20000,
    idleSeconds: 8000,
    lateMinutes: 12,
  });
  // Cai early this (Manila) morning: absent.
  const a5 = await f.shift(c3, '2026-03-05', '2026-03-04T16:30:00Z', '2026-03-04T18:00:00Z', {
    status: 'absent',
  });
  // Ana tomorrow: upcoming.
  const a6 = await f.shift(c1, '2026-03-06', '2026-03-05T23:00:00Z', '2026-03-06T07:00:00Z');
  // Cai this afternoon: on leave.
  const a7 = await f.shift(c3, '2026-03-05', '2026-03-05T07:00:00Z', '2026-03-05T09:00:00Z', {
    status: 'on_leave',
  });
  // Ana last week.
  const a8 = await f.shift(c1, '2026-02-27', '2026-02-26T23:00:00Z', '2026-02-27T07:00:00Z', {
    status: 'completed',
    startedAt: t('2026-02-26T23:00:00Z'),
    endedAt: t('2026-02-27T00:00:00Z'),
    workedSeconds: 3600,
    activeSeconds: 3600,
  });
  // The other organization's VA, online now.
  const a9 = await f.shift(c9, '2026-03-05', '2026-03-04T23:00:00Z', '2026-03-05T07:00:00Z', {
    status: 'ongoing',
    startedAt: t('2026-03-04T23:00:00Z'),
    lastPingAt: t('2026-03-04T23:29:00Z'),
    workedSeconds: 1740,
    activeSeconds: 1740,
    online: true,
  });
  // Ben's Sunday evening in New York: Monday morning in Manila.
  const a10 = await f.shift(c2, '2026-03-01', '2026-03-01T23:00:00Z', '2026-03-02T03:00:00Z', {
    status: 'completed',
    startedAt: t('2026-03-01T23:00:00Z'),
    endedAt: t('2026-03-02T03:00:00Z'),
    workedSeconds: 14400,
    activeSeconds: 7200,
    idleSeconds: 7200,
  });

  await f.pings(a1, [
    { at: '2026-03-04T23:11:00Z', task: 7 },
    { at: '2026-03-04T23:12:00Z', task: 7 },
    { at: '2026-03-04T23:13:00Z', task: 7 },
    { at: '2026-03-04T23:20:00Z', general: 3 },
    { at: '2026-03-04T23:20:30Z', general: 3 },
  ]);
  await f.pings(a4, [{ at: '2026-03-04T01:00:00Z' }, { at: '2026-03-04T01:01:00Z' }]);
  await f.pings(a2, [{ at: '2026-03-04T23:27:00Z', task: 9 }]);
  await f.pings(a9, [{ at: '2026-03-04T23:29:00Z', task: 7 }]);
  await f.blocks(a1, [
    { start: '2026-03-04T23:10:00Z', tracked: 600, active: 450 },
    { start: '2026-03-04T23:20:00Z', tracked: 240, active: 120 },
  ]);
  await f.blocks(a4, [
    { start: '2026-03-03T23:10:00Z', tracked: 480, active: 480 },
    { start: '2026-03-04T07:00:00Z', tracked: 240, active: 60 },
  ]);
  await f.blocks(a9, [{ start: '2026-03-04T23:20:00Z', tracked: 540, active: 540 }]);
  await f.log(a4, 'clock_in', '2026-03-03T23:12:00Z');
  await f.log(a4, 'forced_logout', '2026-03-04T07:05:00Z', admin.id);
  await f.log(a1, 'clock_in', '2026-03-04T23:10:00Z');
  await f.log(a9, 'clock_in', '2026-03-04T23:00:00Z');

  return {
    people: { admin, manager, otherManager, mine, theirs, ana, ben, cai, dot, admin2, client2, va2 },
    contracts: { c1, c2, c3, c4, c9 },
    shifts: { a1, a2, a3, a4, a5, a6, a7, a8, a9, a10 },
    team,
  };
}

export type ReadWorld = Awaited<ReturnType<typeof seedReadWorld>>;
