import { describe, expect, it } from 'vitest';
import {
  ANA_SHIFT,
  attendanceRow,
  blocksOf,
  callAs,
  anaOnShift as clockInAna,
  ping,
  pingCount,
  pingSeries,
  seedTrackerWorld,
  sendPings,
  shift,
  type TrackerWorld,
} from './attendance-fixtures';
import { useWorld } from './attendance-world';
import type { Harness } from './harness';

// Ping ingest: idempotence, per-item errors, offline and out-of-order replay, sums and blocks. Ana clocks in
// at 01:00 UTC to her 01:00–09:00 shift (09:00–17:00 Manila).
const { start: START, end: END } = ANA_SHIFT;

let h: Harness;
let w: TrackerWorld;
useWorld('each', seedTrackerWorld, (harness, world) => {
  h = harness;
  w = world;
});

const send = (attendance_id: number, pings: unknown[], email?: string) =>
  sendPings(h, attendance_id, pings, email);

const anaOnShift = (at?: string) => clockInAna(h, w, at);

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

describe('a batch', () => {
  it('is accepted and rolled up: sums, last ping, blocks', async () => {
    const a = await anaOnShift();
    h.clock.set('2026-03-10T01:11:00Z');
    const res = await send(
      a.id,
      pingSeries(START, 10, 60, { active_window: { app: 'Code', title: 'x.ts' } }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accepted: 10,
      duplicates: 0,
      rejected: [],
      attendance: {
        id: a.id,
        worked_seconds: 600,
        active_seconds: 600,
        idle_seconds: 0,
        activity_percent: 100,
        last_ping_at: '2026-03-10T01:10:00.000Z',
        source: 'desktop',
        online: true,
      },
    });
    expect(await blockFigures(a.id)).toEqual([
      {
        start: '2026-03-10T01:00:00.000Z',
        tracked: 600,
        active: 600,
        idle: 0,
        keyboard: 100,
        mouse: 50,
        pings: 10,
      },
    ]);
    expect((await attendanceRow(h, a.id)).lastActiveWindow).toEqual({ app: 'Code', title: 'x.ts' });
  });

  it('sent twice, or overlapping another, counts each ping once', async () => {
    const a = await anaOnShift();
    h.clock.set('2026-03-10T02:00:00Z');
    const series = pingSeries(START, 15);
    const first = await send(a.id, series.slice(0, 10));
    const again = await send(a.id, series.slice(0, 10));
    expect(first.body).toMatchObject({ accepted: 10, duplicates: 0 });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 10, attendance: { worked_seconds: 600 } });
    const overlap = await send(a.id, series.slice(5, 15));
    expect(overlap.body).toMatchObject({ accepted: 5, duplicates: 5, attendance: { worked_seconds: 900 } });
    // The same id twice inside one batch is one ping.
    const twice = await send(a.id, [series[0], series[0]]);
    expect(twice.body).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await pingCount(h, a.id)).toBe(15);
    expect(await sums(a.id)).toEqual({ worked: 900, active: 900, idle: 0 });
  });

  it('sent twice at once counts once', async () => {
    const a = await anaOnShift();
    h.clock.set('2026-03-10T02:00:00Z');
    await h.bearer('ana@home.test');
    const series = pingSeries(START, 30, 60, { idle_seconds: 20 });
    const results = await Promise.all([send(a.id, series), send(a.id, series), send(a.id, series.slice(10))]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const accepted = results.reduce((n, r) => n + r.body.accepted, 0);
    const duplicates = results.reduce((n, r) => n + r.body.duplicates, 0);
    expect(accepted).toBe(30);
    expect(duplicates).toBe(50);
    expect(await pingCount(h, a.id)).toBe(30);
    expect(await sums(a.id)).toEqual({ worked: 1800, active: 1200, idle: 600 });
    const blocks = await blockFigures(a.id);
    expect(blocks.reduce((n, b) => n + b.pings, 0)).toBe(30);
  });

  it('is documented: the batch bounds in OpenAPI, each item checked by the handler', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/v1/va-access/attendance/pings'].post;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['attendance_id', 'pings']);
    expect(body.properties.pings).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422']));
  });

  it('takes at most 500 pings', async () => {
    const a = await anaOnShift();
    h.clock.set('2026-03-10T09:00:00Z');
    const tooMany = await send(a.id, pingSeries(START, 501, 50));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.pings).toEqual(['At most 500 pings a call']);
    expect(await pingCount(h, a.id)).toBe(0);
    const max = await send(a.id, pingSeries(START, 500, 50));
    expect(max.body.accepted).toBe(500);
  });

  it('refuses bad items one by one and keeps the others', async () => {
    const a = await anaOnShift();
    h.clock.set('2026-03-10T01:10:00Z');
    const good = [ping('2026-03-10T01:01:00Z'), ping('2026-03-10T01:02:00Z')];
    const res = await send(a.id, [
      good[0],
      ping('2026-03-10T01:12:00Z'), // two minutes ahead of the server
      ping('2026-03-10T00:30:00Z'), // before the clock-in
      ping('2026-03-10T01:03:00Z', { keyboard: -1 }),
      { ...ping('2026-03-10T01:04:00Z'), id: 'not-a-uuid' },
      good[1],
      ping('2026-03-10T01:05:00Z', { source: 'phone' }),
      'nonsense',
    ]);
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(2);
    expect(res.body.rejected.map((r: { index: number; code: string }) => [r.index, r.code])).toEqual([
      [1, 'attendance.ping_future'],
      [2, 'attendance.ping_outside'],
      [3, 'attendance.ping_counts'],
      [4, 'attendance.ping_id'],
      [6, 'attendance.source'],
      [7, 'common.invalid'],
    ]);
    expect(res.body.rejected[0]).toEqual({
      index: 1,
      id: expect.any(String),
      status: 422,
      message: 'This ping lies in the future',
      code: 'attendance.ping_future',
    });
    expect(await sums(a.id)).toEqual({ worked: 120, active: 120, idle: 0 });
  });

  it("404 for another VA's or organization's attendance, 422 before clock-in, 403 for other roles", async () => {
    const a = await anaOnShift();
    const bens = await shift(h, w.contracts.c2, START, END);
    const gus = await shift(h, w.contracts.c9, START, END);
    const tomorrow = await shift(h, w.contracts.c1, '2026-03-11T01:00:00Z', '2026-03-11T09:00:00Z');
    h.clock.set('2026-03-10T01:05:00Z');
    expect((await send(bens.id, [ping('2026-03-10T01:01:00Z')])).status).toBe(404);
    expect((await send(gus.id, [ping('2026-03-10T01:01:00Z')])).status).toBe(404);
    expect((await send(a.id, [ping('2026-03-10T01:01:00Z')], 'ben@home.test')).status).toBe(404);
    const early = await send(tomorrow.id, [ping('2026-03-10T01:01:00Z')]);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('This shift has not started');
    const asAdmin = await callAs(h, 'admin@home.test', 'va', 'POST', 'attendance/pings', {
      attendance_id: a.id,
      pings: [ping('2026-03-10T01:01:00Z')],
    });
    expect(asAdmin.status).toBe(403);
    expect(await pingCount(h, bens.id)).toBe(0);
  });
});

describe('the time model', () => {
  it('a ping covers the time since the previous one, at most 60 s, never before clock-in; idle is its end', async () => {
    const a = await anaOnShift('2026-03-10T01:00:30Z');
    h.clock.set('2026-03-10T02:00:00Z');
    const res = await send(a.id, [
      ping('2026-03-10T01:00:50Z'), // 20 s since clock-in
      ping('2026-03-10T01:01:50Z', { idle_seconds: 15 }), // 60 s, 15 idle
      ping('2026-03-10T01:07:50Z'), // a 6-minute gap counts 60 s
      ping('2026-03-10T01:08:20Z', { idle_seconds: 600 }), // 30 s, all idle
      ping('2026-03-10T01:10:20Z'), // 60 s: 40 s in the 01:00 block, 20 s in the 01:10 block
    ]);
    expect(res.body.accepted).toBe(5);
    expect(await sums(a.id)).toEqual({ worked: 230, active: 185, idle: 45 });
    expect(
      (await blockFigures(a.id)).map(({ start, tracked, active, idle, pings }) => [
        start,
        tracked,
        active,
        idle,
        pings,
      ]),
    ).toEqual([
      ['2026-03-10T01:00:00.000Z', 210, 165, 45, 4],
      ['2026-03-10T01:10:00.000Z', 20, 20, 0, 1],
    ]);
  });

  it('blocks add up to the worked seconds, with the active share per block', async () => {
    const a = await anaOnShift();
    h.clock.set('2026-03-10T01:31:00Z');
    const pings = pingSeries(START, 30).map((p, i) => (i >= 10 && i < 20 ? { ...p, idle_seconds: 30 } : p));
    await send(a.id, pings);
    const detail = await callAs(h, 'admin@home.test', 'admin', 'GET', `attendance/${a.id}`);
    expect(detail.body).toMatchObject({
      worked_seconds: 1800,
      active_seconds: 1500,
      idle_seconds: 300,
      activity_percent: 83,
    });
    expect(
      detail.body.blocks.map((b: { tracked_seconds: number; activity_percent: number }) => [
        b.tracked_seconds,
        b.activity_percent,
      ]),
    ).toEqual([
      [600, 100],
      [600, 50],
      [600, 100],
    ]);
    const total = detail.body.blocks.reduce(
      (n: number, b: { tracked_seconds: number }) => n + b.tracked_seconds,
      0,
    );
    expect(total).toBe(detail.body.worked_seconds);
  });

  it('out-of-order replay in small batches gives the same sums and blocks as in order', async () => {
    const a = await anaOnShift();
    const b = await shift(h, w.contracts.c2, START, END);
    expect(
      (await callAs(h, 'ben@home.test', 'va', 'POST', 'attendance/clock-in', { attendance_id: b.id })).status,
    ).toBe(200);
    h.clock.set('2026-03-10T05:00:00Z');
    // Irregular gaps (some beyond a minute, some bursts), varied idle, crossing several blocks.
    let t = new Date(START).getTime();
    const timeline: Array<{ at: string; idle: number; keyboard: number }> = [];
    for (let i = 0; i < 150; i++) {
      t += [60, 60, 45, 90, 5, 200, 60, 30][i % 8] * 1000 + (i % 3) * 1000;
      timeline.push({ at: new Date(t).toISOString(), idle: [0, 0, 40, 0, 300, 10][i % 6], keyboard: i % 7 });
    }
    const toPings = () => timeline.map((p) => ping(p.at, { idle_seconds: p.idle, keyboard: p.keyboard }));
    const inOrder = toPings();
    expect((await send(a.id, inOrder)).body.accepted).toBe(150);
    // A deterministic shuffle, sent 7 at a time, with a few batches repeated.
    const shuffled = toPings()
      .map((p, i) => ({ p, key: (i * 7919) % 151 }))
      .sort((x, y) => x.key - y.key)
      .map((x) => x.p);
    for (let i = 0; i < shuffled.length; i += 7) {
      const batch = shuffled.slice(i, i + 7);
      expect((await send(b.id, batch, 'ben@home.test')).body.accepted).toBe(batch.length);
      if (i % 21 === 0) expect((await send(b.id, batch, 'ben@home.test')).body.accepted).toBe(0);
    }
    const expected = await sums(a.id);
    expect(expected.worked).toBeGreaterThan(0);
    expect(expected.idle).toBeGreaterThan(0);
    expect(await sums(b.id)).toEqual(expected);
    expect(await blockFigures(b.id)).toEqual(await blockFigures(a.id));
    const blocks = await blockFigures(a.id);
    expect(blocks.reduce((n, x) => n + x.tracked, 0)).toBe(expected.worked);
    expect(blocks.reduce((n, x) => n + x.active, 0)).toBe(expected.active);
    // And against the model computed here from the whole timeline.
    let prev = new Date(START).getTime() / 1000;
    let worked = 0;
    let idle = 0;
    for (const p of timeline) {
      const at = new Date(p.at).getTime() / 1000;
      const covered = Math.max(0, Math.min(60, at - prev));
      worked += covered;
      idle += Math.min(covered, p.idle);
      prev = at;
    }
    expect(expected).toEqual({ worked, active: worked - idle, idle });
  });

  it('offline replay after clock-out counts what lies inside the attendance, and nothing after it', async () => {
    const a = await anaOnShift();
    const series = pingSeries(START, 59);
    h.clock.set('2026-03-10T01:05:30Z');
    await send(a.id, series.slice(0, 5));
    h.clock.set('2026-03-10T02:00:00Z');
    const out = await callAs(h, 'ana@home.test', 'va', 'POST', 'attendance/clock-out', {
      attendance_id: a.id,
    });
    expect(out.body.worked_seconds).toBe(300);
    h.clock.set('2026-03-10T02:30:00Z');
    const replay = await send(a.id, [...series.slice(5), ping('2026-03-10T02:10:00Z')]);
    expect(replay.body.accepted).toBe(54);
    expect(replay.body.rejected.map((r: { code: string }) => r.code)).toEqual(['attendance.ping_outside']);
    expect(replay.body.attendance).toMatchObject({
      status: 'completed',
      worked_seconds: 3540,
      online: false,
    });
    // Nothing about presence for an ended shift.
    expect((await attendanceRow(h, a.id)).online).toBe(false);
  });
});
