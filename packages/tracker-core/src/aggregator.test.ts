import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PingAggregator } from './aggregator';
import { counterUuid, testClock } from './test-helpers';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

function setup(options: Partial<ConstructorParameters<typeof PingAggregator>[0]> = {}) {
  const pings: PingInput[] = [];
  const agg = new PingAggregator({
    clock: testClock(),
    uuid: counterUuid(),
    source: 'web',
    onPing: (p) => pings.push(p),
    ...options,
  });
  agg.start();
  return { agg, pings };
}

describe('PingAggregator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('emits one ping per minute with the counts of that minute and a fresh UUID', () => {
    const { agg, pings } = setup();
    vi.advanceTimersByTime(10_000);
    agg.record('keyboard');
    agg.record('keyboard');
    agg.record('mouse');
    vi.advanceTimersByTime(50_000);
    expect(pings).toHaveLength(1);
    expect(pings[0]).toMatchObject({
      at: '2026-03-02T09:01:00.000Z',
      keyboard: 2,
      mouse: 1,
      idle_seconds: 50,
      source: 'web',
    });
    vi.advanceTimersByTime(60_000);
    expect(pings).toHaveLength(2);
    expect(pings[1]).toMatchObject({
      at: '2026-03-02T09:02:00.000Z',
      keyboard: 0,
      mouse: 0,
      idle_seconds: 110,
    });
    expect(new Set(pings.map((p) => p.id)).size).toBe(2);
  });

  it('puts input in the minute its timestamp falls in, even when the timer fires late', () => {
    const { agg, pings } = setup();
    agg.record('mouse', T0 + 59_999);
    agg.record('keyboard', T0 + 60_001);
    vi.advanceTimersByTime(60_000);
    expect(pings[0]).toMatchObject({ keyboard: 0, mouse: 1 });
    vi.advanceTimersByTime(60_000);
    expect(pings[1]).toMatchObject({ keyboard: 1, mouse: 0 });
  });

  it('after a long gap sends only the latest empty minutes', () => {
    const { agg, pings } = setup({ maxCatchUp: 3 });
    agg.record('keyboard', T0 + 5_000);
    // A slept machine: the wall clock jumps, the pending timer fires once, late.
    vi.setSystemTime(T0 + 29 * 60_000);
    vi.advanceTimersByTime(60_000);
    // The first minute had input; then the three latest of the 29 empty ones.
    expect(pings.map((p) => p.at)).toEqual([
      '2026-03-02T09:01:00.000Z',
      '2026-03-02T09:28:00.000Z',
      '2026-03-02T09:29:00.000Z',
      '2026-03-02T09:30:00.000Z',
    ]);
    expect(agg.running).toBe(true);
  });

  it('finish sends the minute in progress; stop drops it', () => {
    const a = setup();
    vi.advanceTimersByTime(90_000);
    a.agg.record('keyboard');
    a.agg.finish();
    expect(a.pings.map((p) => [p.at, p.keyboard])).toEqual([
      ['2026-03-02T09:01:00.000Z', 0],
      ['2026-03-02T09:01:30.000Z', 1],
    ]);
    vi.advanceTimersByTime(120_000);
    expect(a.pings).toHaveLength(2);

    const b = setup();
    vi.advanceTimersByTime(30_000);
    b.agg.record('keyboard');
    b.agg.stop();
    vi.advanceTimersByTime(120_000);
    expect(b.pings).toHaveLength(0);
  });

  it('uses the system idle detector over page input once it reports', () => {
    const { agg, pings } = setup();
    agg.setSystemIdle(null); // active elsewhere although the page saw nothing
    vi.advanceTimersByTime(60_000);
    expect(pings[0].idle_seconds).toBe(0);
    agg.setSystemIdle(T0 + 30_000);
    vi.advanceTimersByTime(60_000);
    expect(pings[1].idle_seconds).toBe(90);
  });

  it('honours a shorter interval and the host context', () => {
    const { pings } = setup({
      intervalSeconds: 5,
      context: { activeWindow: () => ({ app: 'Browser', title: 'vahub' }), taskId: () => 12 },
    });
    vi.advanceTimersByTime(15_000);
    expect(pings).toHaveLength(3);
    expect(pings[2]).toMatchObject({
      at: '2026-03-02T09:00:15.000Z',
      task_id: 12,
      active_window: { app: 'Browser' },
    });
    expect(pings[2]).not.toHaveProperty('general_task_id');
  });

  it('names a general task from the host context', () => {
    const { pings } = setup({ context: { generalTaskId: () => 3 } });
    vi.advanceTimersByTime(60_000);
    expect(pings[0]).toMatchObject({ general_task_id: 3 });
    expect(pings[0]).not.toHaveProperty('task_id');
  });
});
