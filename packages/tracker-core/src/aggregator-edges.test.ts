import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import { describe, expect, it } from 'vitest';
import { type AggregatorOptions, PingAggregator } from './aggregator';
import { counterUuid, ManualClock } from './test-helpers';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MIN = 60_000;
const at = (ms: number) => new Date(T0 + ms).toISOString().slice(11, 23);

function setup(options: Partial<AggregatorOptions> = {}) {
  const clock = new ManualClock(T0);
  const pings: PingInput[] = [];
  const agg = new PingAggregator({
    clock,
    uuid: counterUuid(),
    source: 'desktop',
    onPing: (p) => pings.push(p),
    ...options,
  });
  agg.start();
  /** The pings as [time of day, keyboard, mouse]. */
  const sent = () => pings.map((p) => [p.at.slice(11, 23), p.keyboard, p.mouse]);
  return { clock, agg, pings, sent };
}

describe('PingAggregator at the edges of its intervals', () => {
  it('a timer firing a few milliseconds late sends one full ping per interval, stamped at the edge, and no part-interval one', () => {
    const { clock, agg, sent } = setup();
    agg.record('keyboard', T0 + 1000);
    clock.advanceTo(T0 + 3 * MIN + 100, 7);
    expect(sent()).toEqual([
      [at(MIN), 1, 0],
      [at(2 * MIN), 0, 0],
      [at(3 * MIN), 0, 0],
    ]);
    // Each next timer aims at the next edge, not at "a minute after the late one".
    expect(clock.due).toEqual([T0 + 4 * MIN]);
  });

  it('a timer firing early sends nothing yet and waits for the edge itself', () => {
    const { clock, agg, sent } = setup();
    agg.record('mouse', T0 + 59_000);
    clock.t = T0 + MIN - 2;
    clock.fireNext();
    expect(sent()).toEqual([]);
    expect(clock.due).toEqual([T0 + MIN]);
    agg.record('mouse', T0 + MIN - 1);
    clock.advanceTo(T0 + MIN);
    expect(sent()).toEqual([[at(MIN), 0, 2]]);
    expect(clock.due).toEqual([T0 + 2 * MIN]);
  });

  it('input stamped exactly on an edge belongs to the interval that starts there', () => {
    const { clock, agg, sent } = setup();
    agg.record('keyboard', T0 + MIN - 1);
    agg.record('mouse', T0 + MIN);
    clock.advanceTo(T0 + 2 * MIN);
    expect(sent()).toEqual([
      [at(MIN), 1, 0],
      [at(2 * MIN), 0, 1],
    ]);
  });

  it('input stamped in an interval already sent goes to the next one, never lost', () => {
    const { clock, agg, sent } = setup();
    clock.advanceTo(T0 + MIN + 10);
    agg.record('keyboard', T0 + 30_000); // a host that reports input late
    clock.advanceTo(T0 + 2 * MIN);
    expect(sent()).toEqual([
      [at(MIN), 0, 0],
      [at(2 * MIN), 1, 0],
    ]);
  });

  it('finish() exactly on an interval edge sends that interval once and no empty duplicate', () => {
    // The timer has not fired yet when the clock-out lands on the edge…
    const a = setup();
    a.agg.record('keyboard', T0 + 10);
    a.clock.t = T0 + MIN;
    a.agg.finish();
    expect(a.sent()).toEqual([[at(MIN), 1, 0]]);
    // …or it just has.
    const b = setup();
    b.clock.advanceTo(T0 + MIN);
    b.agg.finish();
    expect(b.sent()).toEqual([[at(MIN), 0, 0]]);
    expect(b.clock.due).toEqual([]);
  });

  it('finish() a millisecond after an edge sends the full interval, then the part one', () => {
    const { clock, agg, sent, pings } = setup();
    agg.record('mouse', T0 + MIN);
    clock.t = T0 + MIN + 1;
    agg.finish();
    expect(sent()).toEqual([
      [at(MIN), 0, 0],
      [at(MIN + 1), 0, 1],
    ]);
    expect(pings[1].idle_seconds).toBe(0);
  });

  it('finish() in the first instant of tracking sends nothing (no time was tracked)', () => {
    const { agg, pings, clock } = setup();
    agg.finish();
    expect(pings).toEqual([]);
    expect(agg.running).toBe(false);
    expect(clock.due).toEqual([]);
  });

  it('finish() mid-interval keeps the part interval with its input, and nothing follows', () => {
    const { clock, agg, sent } = setup();
    agg.record('keyboard', T0 + 20_000);
    clock.advanceTo(T0 + 45_000);
    agg.record('mouse');
    agg.finish();
    expect(sent()).toEqual([[at(45_000), 1, 1]]);
    clock.advanceTo(T0 + 10 * MIN);
    expect(sent()).toHaveLength(1);
    agg.record('keyboard');
    agg.finish();
    expect(sent()).toHaveLength(1);
  });

  it('finish() after stop() sends nothing: a forced logout ends tracking at once', () => {
    const { clock, agg, pings } = setup();
    agg.record('keyboard', T0 + 5000);
    clock.advanceTo(T0 + 30_000);
    agg.stop();
    agg.finish();
    clock.advanceTo(T0 + 5 * MIN);
    expect(pings).toEqual([]);
    expect(clock.due).toEqual([]);
  });

  it('stop() after finish() changes nothing, and input after either is not counted', () => {
    const { clock, agg, sent } = setup();
    clock.advanceTo(T0 + 90_000);
    agg.finish();
    agg.stop();
    agg.record('keyboard');
    clock.advanceTo(T0 + 5 * MIN);
    expect(sent()).toEqual([
      [at(MIN), 0, 0],
      [at(90_000), 0, 0],
    ]);
  });

  it('stop() drops the counts of the interval in progress: a restart begins empty', () => {
    const { clock, agg, sent } = setup();
    agg.record('keyboard', T0 + 1000);
    clock.advanceTo(T0 + 30_000);
    agg.stop();
    expect(agg.running).toBe(false);
    agg.start();
    expect(agg.running).toBe(true);
    clock.advanceTo(T0 + 30_000 + MIN);
    // Intervals are aligned to the new start.
    expect(sent()).toEqual([[at(90_000), 0, 0]]);
  });

  it('start() while running changes nothing: the intervals keep their alignment and counts', () => {
    const { clock, agg, sent } = setup();
    agg.record('keyboard', T0 + 1000);
    clock.advanceTo(T0 + 30_000);
    agg.start();
    clock.advanceTo(T0 + MIN);
    expect(sent()).toEqual([[at(MIN), 1, 0]]);
    expect(clock.due).toEqual([T0 + 2 * MIN]);
  });

  it('start() after finish() starts afresh: the interval, the idle time and the counts of the last run are gone', () => {
    const { clock, agg, sent, pings } = setup();
    agg.record('keyboard', T0 + 1000);
    agg.record('keyboard', T0 + 70_000);
    clock.advanceTo(T0 + 65_000);
    agg.finish();
    clock.t = T0 + 10 * MIN;
    agg.start();
    clock.advanceTo(T0 + 11 * MIN);
    expect(sent()).toEqual([
      [at(MIN), 1, 0],
      [at(65_000), 1, 0],
      [at(11 * MIN), 0, 0],
    ]);
    expect(pings[2].idle_seconds).toBe(60);
  });

  it('input recorded after stop() does not reach the next run', () => {
    const { clock, agg, sent } = setup();
    clock.advanceTo(T0 + 5 * MIN + 30_000);
    agg.stop();
    agg.record('keyboard');
    clock.t = T0 + 6 * MIN;
    agg.start();
    clock.advanceTo(T0 + 12 * MIN);
    expect(sent().slice(5)).toEqual([1, 2, 3, 4, 5, 6].map((m) => [at((6 + m) * MIN), 0, 0]));
  });

  it('a ping listener that stops tracking (a forced logout as the ping goes) ends the timers', () => {
    const clock = new ManualClock(T0);
    const pings: PingInput[] = [];
    const agg: PingAggregator = new PingAggregator({
      clock,
      uuid: counterUuid(),
      source: 'web',
      onPing: (p) => {
        pings.push(p);
        agg.stop();
      },
    });
    agg.start();
    clock.advanceTo(T0 + 5 * MIN);
    expect(pings).toHaveLength(1);
    expect(agg.running).toBe(false);
    expect(clock.due).toEqual([]);
  });

  it('a record() before start() or after stop() is not counted', () => {
    const clock = new ManualClock(T0);
    const pings: PingInput[] = [];
    const agg = new PingAggregator({
      clock,
      uuid: counterUuid(),
      source: 'web',
      onPing: (p) => pings.push(p),
    });
    agg.record('keyboard');
    agg.start();
    clock.advanceTo(T0 + MIN);
    expect(pings.map((p) => p.keyboard)).toEqual([0]);
  });
});

describe('PingAggregator after a gap (the machine slept)', () => {
  it('sends the intervals with input and at most maxCatchUp empty ones before now', () => {
    const { clock, agg, sent } = setup({ maxCatchUp: 2 });
    agg.record('keyboard', T0 + 1000);
    agg.record('mouse', T0 + 4 * MIN + 1);
    clock.t = T0 + 10 * MIN + 5;
    clock.fireNext();
    expect(sent()).toEqual([
      [at(MIN), 1, 0],
      [at(5 * MIN), 0, 1],
      [at(9 * MIN), 0, 0],
      [at(10 * MIN), 0, 0],
    ]);
    expect(clock.due).toEqual([T0 + 11 * MIN]);
  });

  it('keeps every empty interval of a gap no longer than maxCatchUp', () => {
    const { clock, sent } = setup({ maxCatchUp: 3 });
    clock.t = T0 + 3 * MIN;
    clock.fireNext();
    expect(sent().map(([time]) => time)).toEqual([at(MIN), at(2 * MIN), at(3 * MIN)]);
  });

  it('sends five empty intervals by default', () => {
    const { clock, sent } = setup();
    clock.t = T0 + 20 * MIN;
    clock.fireNext();
    expect(sent().map(([time]) => time)).toEqual([16, 17, 18, 19, 20].map((m) => at(m * MIN)));
  });

  it('finish() after a gap catches up the same way, then sends the part interval', () => {
    const { clock, agg, sent } = setup({ maxCatchUp: 1 });
    clock.t = T0 + 5 * MIN + 500;
    agg.finish();
    expect(sent().map(([time]) => time)).toEqual([at(5 * MIN), at(5 * MIN + 500)]);
  });
});

describe('PingAggregator: idle seconds and the ping fields', () => {
  it('counts idle from the latest input, never backwards for input stamped earlier', () => {
    const { clock, agg, pings } = setup();
    agg.record('keyboard', T0 + 40_000);
    agg.record('keyboard', T0 + 10_000);
    clock.advanceTo(T0 + MIN);
    expect(pings[0].idle_seconds).toBe(20);
    expect(agg.idleSecondsAt(T0 + 40_999)).toBe(0);
    expect(agg.idleSecondsAt(T0 + 41_000)).toBe(1);
    // A moment before the latest input (a clock that stepped back) is not negative idle.
    expect(agg.idleSecondsAt(T0)).toBe(0);
  });

  it('counts idle from the start of tracking before any input', () => {
    const { clock, agg } = setup();
    clock.advanceTo(T0 + 2 * MIN + 999);
    expect(agg.idleSecondsAt(clock.now())).toBe(120);
  });

  it('a system idle detector that says "active" reports no idle, and its idle moment replaces input', () => {
    const { clock, agg, pings } = setup();
    agg.setSystemIdle(null);
    agg.record('keyboard', T0 + 59_000);
    clock.advanceTo(T0 + MIN);
    agg.setSystemIdle(T0 + 10_000);
    agg.record('keyboard', T0 + 100_000); // page input no longer decides
    clock.advanceTo(T0 + 2 * MIN);
    expect(pings.map((p) => p.idle_seconds)).toEqual([0, 110]);
  });

  it('names neither task nor window when the host gives none, and the source always', () => {
    const { clock, pings } = setup({
      context: { activeWindow: () => undefined, taskId: () => null, generalTaskId: () => undefined },
    });
    clock.advanceTo(T0 + MIN);
    expect(Object.keys(pings[0]).sort()).toEqual(['at', 'id', 'idle_seconds', 'keyboard', 'mouse', 'source']);
    expect(pings[0].source).toBe('desktop');
  });

  it('reads the task when the ping is sent, at the interval end', () => {
    let task = 1;
    const { clock, pings } = setup({ context: { taskId: () => task, generalTaskId: () => task + 10 } });
    clock.advanceTo(T0 + 59_000);
    task = 2;
    clock.advanceTo(T0 + MIN);
    expect(pings[0]).toMatchObject({ task_id: 2, general_task_id: 12 });
  });

  it('an undefined interval keeps the 60 s default; a given one is honoured', () => {
    const a = setup({ intervalSeconds: undefined, maxCatchUp: undefined });
    expect(a.clock.due).toEqual([T0 + MIN]);
    const b = setup({ intervalSeconds: 15 });
    expect(b.clock.due).toEqual([T0 + 15_000]);
    b.clock.advanceTo(T0 + 30_000);
    expect(b.sent().map(([time]) => time)).toEqual([at(15_000), at(30_000)]);
  });
});
