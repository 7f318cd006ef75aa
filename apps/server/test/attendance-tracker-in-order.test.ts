import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendancePings, attendances } from '../src/modules/attendance/attendance.table';
import {
  attendanceRow,
  blocksOf,
  callAs,
  logsOf,
  ping,
  pingCount,
  pingSeries,
  seedTrackerWorld,
  setContractSettings,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import { type Harness, PASSWORD } from './harness';

// Ping ingest's one-statement path (tracker/in-order.ts): a live tracker's next ping is written in one statement,
// computed from the shift as this process last wrote it, and checked in that statement. These tests send what
// takes that path beside what takes the locked path, and change the shift behind the process's back.
const START = '2026-03-10T01:00:00Z';
const END = '2026-03-10T09:00:00Z';

let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const send = (attendance_id: number, pings: unknown[], email = 'ana@home.test') =>
  callAs(h, email, 'va', 'POST', 'attendance/pings', { attendance_id, pings });

async function onShift(email: 'ana@home.test' | 'ben@home.test') {
  const a = await shift(h, email === 'ana@home.test' ? w.contracts.c1 : w.contracts.c2, START, END);
  h.clock.set(START);
  const res = await callAs(h, email, 'va', 'POST', 'attendance/clock-in', { attendance_id: a.id });
  expect(res.status).toBe(200);
  return a;
}

const sums = async (id: number) => {
  const r = await attendanceRow(h, id);
  return { worked: r.workedSeconds, active: r.activeSeconds, idle: r.idleSeconds };
};
const blockFigures = async (id: number) =>
  (await blocksOf(h, id)).map((b) => ({
    start: b.startAt.toISOString(),
    tracked: b.trackedSeconds,
    active: b.activeSeconds,
    idle: b.idleSeconds,
    keyboard: b.keyboard,
    mouse: b.mouse,
    pings: b.pings,
  }));

/** Irregular gaps (bursts, gaps beyond a minute), varied idle (a few beyond the 5-minute timeout), over blocks. */
function timeline(count: number) {
  let t = new Date(START).getTime();
  return Array.from({ length: count }, (_, i) => {
    t += [60, 60, 45, 90, 5, 200, 60, 30][i % 8] * 1000 + (i % 3) * 1000;
    return {
      at: new Date(t).toISOString(),
      idle: i % 23 === 5 ? 400 : [0, 0, 40, 0, 300, 10][i % 6],
      keyboard: i % 7,
    };
  });
}

describe('a live tracker, one ping a call', () => {
  it('gives the same sums, blocks and latest ping as the whole series in one batch', async () => {
    const a = await onShift('ana@home.test');
    const b = await onShift('ben@home.test');
    const series = timeline(60);
    const toPing = (p: (typeof series)[number], i: number) =>
      ping(p.at, {
        idle_seconds: p.idle,
        keyboard: p.keyboard,
        active_window: { app: 'Code', title: `file ${i}.ts` },
      });
    // Ana's tracker: each ping as it happens, the clock with it (presence stays online; idle comes and goes).
    for (const [i, p] of series.entries()) {
      h.clock.set(p.at);
      const res = await send(a.id, [toPing(p, i)]);
      expect(res.body).toMatchObject({ accepted: 1, duplicates: 0, rejected: [] });
    }
    // Ben's: the same pings at once, after the fact.
    expect((await send(b.id, series.map(toPing), 'ben@home.test')).body.accepted).toBe(60);
    expect(await sums(a.id)).toEqual(await sums(b.id));
    expect(await blockFigures(a.id)).toEqual(await blockFigures(b.id));
    const [ana, ben] = [await attendanceRow(h, a.id), await attendanceRow(h, b.id)];
    for (const field of ['lastPingAt', 'lastIdleSeconds', 'lastActiveWindow', 'source'] as const)
      expect(ana[field]).toEqual(ben[field]);
    // Idle started and ended on Ana's live shift: each change logged once.
    const idleLogs = (await logsOf(h, a.id)).filter((l) => l.type.startsWith('idle_'));
    expect(idleLogs.map((l) => l.type)).toEqual(
      series.filter((p) => p.idle > 300).flatMap(() => ['idle_start', 'idle_end']),
    );
  }, 120_000);

  it('sent at once, counts every ping once, as in order', async () => {
    const a = await onShift('ana@home.test');
    const b = await onShift('ben@home.test');
    const series = timeline(30);
    h.clock.set(series[29].at);
    const pings = series.map((p) => ping(p.at, { idle_seconds: p.idle, keyboard: p.keyboard }));
    expect((await send(a.id, [pings[0]])).body.accepted).toBe(1);
    const results = await Promise.all(pings.slice(1).map((p) => send(a.id, [p])));
    expect(results.map((r) => r.body.accepted)).toEqual(pings.slice(1).map(() => 1));
    expect((await send(b.id, pings, 'ben@home.test')).body.accepted).toBe(30);
    expect(await sums(a.id)).toEqual(await sums(b.id));
    expect(await blockFigures(a.id)).toEqual(await blockFigures(b.id));
  });

  it("several shifts' pings at once, written together: each shift gets its own; one changed meanwhile is still right", async () => {
    const a = await onShift('ana@home.test');
    const b = await onShift('ben@home.test');
    const series = timeline(24).filter((p) => p.idle <= 300);
    h.clock.set(series.at(-1)?.at ?? START);
    // The same times and idle for both, Ben's keyboard counts doubled: a ping or block written to the wrong shift shows.
    const anas = series.map((p) => ping(p.at, { idle_seconds: p.idle, keyboard: p.keyboard }));
    const bens = series.map((p) => ping(p.at, { idle_seconds: p.idle, keyboard: p.keyboard * 2 }));
    expect((await send(a.id, [anas[0]])).body.accepted).toBe(1);
    expect((await send(b.id, [bens[0]], 'ben@home.test')).body.accepted).toBe(1);
    // Ben's contract changes behind the process's back: his next write is refused by the statement and locks.
    await setContractSettings(h, w.contracts.c2.id, { screenshotPrivacy: 'blurred' });
    const results = await Promise.all(
      anas.slice(1).flatMap((p, i) => [send(a.id, [p]), send(b.id, [bens[i + 1]], 'ben@home.test')]),
    );
    expect(results.map((r) => r.body.accepted)).toEqual(results.map(() => 1));
    expect(await pingCount(h, a.id)).toBe(series.length);
    expect(await pingCount(h, b.id)).toBe(series.length);
    expect(await sums(a.id)).toEqual(await sums(b.id));
    const [ana, ben] = [await blockFigures(a.id), await blockFigures(b.id)];
    expect(ben).toEqual(ana.map((block) => ({ ...block, keyboard: block.keyboard * 2 })));
    expect(ana.reduce((n, block) => n + block.keyboard, 0)).toBe(series.reduce((n, p) => n + p.keyboard, 0));
  });

  it('batches sent at once: each answered with its own counts, a ping in two of them counted once', async () => {
    const a = await onShift('ana@home.test');
    const b = await onShift('ben@home.test');
    h.clock.set('2026-03-10T01:30:00Z');
    const p = pingSeries('2026-03-10T01:00:00Z', 8);
    expect((await send(a.id, [p[0]])).body.accepted).toBe(1);
    // One more idle than the timeout in the last batch: presence changes, so that one is logged as alone.
    const idle = ping('2026-03-10T01:20:00Z', { idle_seconds: 400 });
    const batches = [[p[1]], [p[1]], [p[2], p[3]], [p[3], p[4]], [p[6], p[5]], [p[7], idle]];
    // As the desktop tracker signs in (its session check is kept a few seconds), so the batches arrive together.
    const token = await h.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        client_id: 'tracker',
        username: 'ana@home.test',
        password: PASSWORD,
      },
    });
    const authorization = `Bearer ${token.json().access_token}`;
    const current = await h.app.inject({
      url: '/api/v1/va-access/attendance/current/user',
      headers: { authorization },
    });
    expect(current.statusCode).toBe(200);
    const results = await Promise.all(
      batches.map((pings) =>
        h.app.inject({
          method: 'POST',
          url: '/api/v1/va-access/attendance/pings',
          headers: { authorization },
          payload: { attendance_id: a.id, pings },
        }),
      ),
    );
    expect(results.map((r) => [r.json().accepted, r.json().duplicates])).toEqual([
      [1, 0],
      [0, 1],
      [2, 0],
      [1, 1],
      [2, 0],
      [2, 0],
    ]);
    expect((await send(b.id, [...p, idle], 'ben@home.test')).body.accepted).toBe(9);
    expect(await sums(a.id)).toEqual(await sums(b.id));
    expect(await blockFigures(a.id)).toEqual(await blockFigures(b.id));
    expect(await pingCount(h, a.id)).toBe(9);
    expect((await logsOf(h, a.id)).filter((l) => l.type === 'idle_start')).toHaveLength(1);
  });

  it('a ping id the shift has, sent again with a later time, counts once', async () => {
    const a = await onShift('ana@home.test');
    h.clock.set('2026-03-10T01:05:00Z');
    const first = ping('2026-03-10T01:01:00Z');
    expect((await send(a.id, [first])).body.accepted).toBe(1);
    expect((await send(a.id, [ping('2026-03-10T01:02:00Z')])).body.accepted).toBe(1);
    const before = await sums(a.id);
    const again = await send(a.id, [{ ...first, at: '2026-03-10T01:03:00Z' }]);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 1, rejected: [] });
    expect(await sums(a.id)).toEqual(before);
    expect(await pingCount(h, a.id)).toBe(2);
  });
});

describe('what the process remembers of a shift is checked where it writes', () => {
  it("a settings change: windows are dropped at once under privacy 'off'; a shorter idle timeout shows idle", async () => {
    const a = await onShift('ana@home.test');
    const win = { active_window: { app: 'Mail', title: 'Inbox' } };
    h.clock.set('2026-03-10T01:03:00Z');
    expect((await send(a.id, [ping('2026-03-10T01:01:00Z', win)])).body.accepted).toBe(1);
    expect((await send(a.id, [ping('2026-03-10T01:02:00Z', win)])).body.accepted).toBe(1);
    await setContractSettings(h, w.contracts.c1.id, { screenshotPrivacy: 'off' });
    const hidden = ping('2026-03-10T01:03:00Z', win);
    expect((await send(a.id, [hidden])).body.accepted).toBe(1);
    const [stored] = await h.db.select().from(attendancePings).where(eq(attendancePings.clientId, hidden.id));
    expect(stored.activeWindow).toBeNull();
    expect((await attendanceRow(h, a.id)).lastActiveWindow).toBeNull();

    await setContractSettings(h, w.contracts.c1.id, { idleTimeoutMinutes: 1 });
    h.clock.set('2026-03-10T01:04:00Z');
    const idle = await send(a.id, [ping('2026-03-10T01:04:00Z', { idle_seconds: 90 })]);
    expect(idle.body).toMatchObject({ accepted: 1, attendance: { idle: true } });
    expect((await logsOf(h, a.id)).map((l) => l.type)).toContain('idle_start');
  });

  it('a clock-out: a later ping is refused, an earlier one still counts (offline replay)', async () => {
    const a = await onShift('ana@home.test');
    h.clock.set('2026-03-10T01:10:00Z');
    expect((await send(a.id, [ping('2026-03-10T01:09:00Z')])).body.accepted).toBe(1);
    const out = await callAs(h, 'ana@home.test', 'va', 'POST', 'attendance/clock-out', {
      attendance_id: a.id,
    });
    expect(out.status).toBe(200);
    h.clock.set('2026-03-10T01:20:00Z');
    const after = await send(a.id, [ping('2026-03-10T01:15:00Z'), ping('2026-03-10T01:09:30Z')]);
    expect(after.body).toMatchObject({
      accepted: 1,
      rejected: [{ index: 0, code: 'attendance.ping_outside' }],
    });
    expect((await attendanceRow(h, a.id)).status).toBe('completed');
  });

  it("another instance's write: the row it left is the one counted from", async () => {
    const a = await onShift('ana@home.test');
    const b = await onShift('ben@home.test');
    h.clock.set('2026-03-10T01:10:00Z');
    const pings = ['01:01', '01:02', '01:03', '01:04'].map((t) => ping(`2026-03-10T${t}:00Z`));
    expect((await send(a.id, [pings[0]])).body.accepted).toBe(1);
    expect((await send(a.id, [pings[1]])).body.accepted).toBe(1);
    // What another instance's batch leaves: a later ping, the row moved on.
    await h.db.insert(attendancePings).values({
      organizationId: 1,
      attendanceId: a.id,
      vaId: (await attendanceRow(h, a.id)).vaId,
      clientId: pings[2].id,
      at: new Date(pings[2].at),
      keyboard: 10,
      mouse: 5,
      source: 'desktop',
    });
    const row = await attendanceRow(h, a.id);
    await h.db
      .update(attendances)
      .set({
        lastPingAt: new Date(pings[2].at),
        workedSeconds: row.workedSeconds + 60,
        activeSeconds: row.activeSeconds + 60,
      })
      .where(eq(attendances.id, a.id));
    expect((await send(a.id, [pings[3]])).body.accepted).toBe(1);
    expect((await send(b.id, pings, 'ben@home.test')).body.accepted).toBe(4);
    expect(await sums(a.id)).toEqual(await sums(b.id));
  });
});
