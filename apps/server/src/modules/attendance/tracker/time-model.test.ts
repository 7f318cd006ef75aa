import { describe, expect, it } from 'vitest';
import {
  BlockDeltas,
  blockOf,
  boundsOf,
  contribution,
  countBlockOf,
  type InsertedRollupPing,
  type Predecessors,
  type RollupPing,
  rollupDeltas,
  toSec,
} from './time-model';

// The time model of ingest without a database: milliseconds a test, beside the API tests that prove it end to end
// (test/attendance-tracker-pings.test.ts).

const sec = (iso: string) => toSec(new Date(iso));
const T = (hms: string) => sec(`2026-03-02T${hms}Z`);
const clockIn = T('09:00:00');
const open = { startedSec: clockIn, endedSec: null };
const ping = (at: string, idleSeconds = 0) => ({ atSec: T(at), idleSeconds });

describe('a break (clocked out, then in again while the shift lasted)', () => {
  // Clocked out at 09:20:30, in again at 09:21:15: that span is no one's worked time.
  const paused = {
    startedSec: clockIn,
    endedSec: null,
    pause: { fromSec: T('09:20:30'), toSec: T('09:21:15') },
  };

  it('a span across the break counts only its parts outside it, each in its own block', () => {
    expect(contribution(ping('09:21:20'), T('09:20:25'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 5, active: 5, idle: 0 },
      { blockSec: T('09:20:00'), tracked: 5, active: 5, idle: 0 },
    ]);
  });

  it('a span wholly before or wholly after the break counts whole, no more', () => {
    expect(contribution(ping('09:20:10'), T('09:19:40'), paused)).toEqual([
      { blockSec: T('09:10:00'), tracked: 20, active: 20, idle: 0 },
      { blockSec: T('09:20:00'), tracked: 10, active: 10, idle: 0 },
    ]);
    expect(contribution(ping('09:22:00'), T('09:21:40'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 20, active: 20, idle: 0 },
    ]);
  });

  it('a span inside the break counts nothing', () => {
    expect(contribution(ping('09:21:10'), T('09:20:40'), paused)).toEqual([]);
  });

  it('a span ending at the break’s start, or starting at its end, counts whole', () => {
    expect(contribution(ping('09:20:30'), T('09:20:00'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 30, active: 30, idle: 0 },
    ]);
    expect(contribution(ping('09:21:45'), T('09:21:15'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 30, active: 30, idle: 0 },
    ]);
  });

  it('a span ending inside the break keeps its part before it; one starting inside keeps its part after it', () => {
    expect(contribution(ping('09:21:00'), T('09:20:00'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 30, active: 30, idle: 0 },
    ]);
    expect(contribution(ping('09:21:30'), T('09:21:00'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 15, active: 15, idle: 0 },
    ]);
  });

  it('idle time is the end of the span, after the break too', () => {
    expect(contribution(ping('09:21:20', 8), T('09:20:25'), paused)).toEqual([
      { blockSec: T('09:20:00'), tracked: 5, active: 5, idle: 0 },
      { blockSec: T('09:20:00'), tracked: 5, active: 0, idle: 5 },
    ]);
  });
});

describe('what one ping counts', () => {
  it('a ping a minute after the previous one counts that minute, all active without idle time', () => {
    expect(contribution(ping('09:02:00'), T('09:01:00'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 60, active: 60, idle: 0 },
    ]);
  });

  it('a ping sooner than a minute counts only the time since the previous one', () => {
    expect(contribution(ping('09:01:20'), T('09:01:00'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 20, active: 20, idle: 0 },
    ]);
  });

  it('a late timer (or a slept machine) counts at most a minute, the minute before the ping', () => {
    expect(contribution(ping('09:05:00'), T('09:01:00'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 60, active: 60, idle: 0 },
    ]);
    expect(contribution(ping('09:02:01'), T('09:01:00'), open)[0].tracked).toBe(60);
  });

  it('the first ping counts from the clock-in, at most a minute', () => {
    expect(contribution(ping('09:00:30'), null, open)[0].tracked).toBe(30);
    expect(contribution(ping('09:03:00'), null, open)[0].tracked).toBe(60);
  });

  it('nothing before the clock-in counts, even after an older ping', () => {
    expect(contribution(ping('09:00:00'), null, open)).toEqual([]);
    expect(contribution(ping('08:59:30'), null, open)).toEqual([]);
    expect(contribution(ping('09:00:20'), T('08:59:50'), open)[0].tracked).toBe(20);
  });

  it('nothing after the end counts: a ping past the end counts up to the end, one at or after it nothing', () => {
    const ended = { startedSec: clockIn, endedSec: T('09:10:00') };
    expect(contribution(ping('09:10:30'), T('09:09:30'), ended)).toEqual([
      { blockSec: T('09:00:00'), tracked: 30, active: 30, idle: 0 },
    ]);
    expect(contribution(ping('09:11:00'), T('09:10:00'), ended)).toEqual([]);
    expect(contribution(ping('09:09:40'), T('09:09:30'), ended)[0].tracked).toBe(10);
  });

  it('the idle part is the end of the span, never more than the span', () => {
    expect(contribution(ping('09:02:00', 20), T('09:01:00'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 60, active: 40, idle: 20 },
    ]);
    expect(contribution(ping('09:02:00', 60), T('09:01:00'), open)[0]).toMatchObject({ active: 0, idle: 60 });
    expect(contribution(ping('09:02:00', 600), T('09:01:00'), open)[0]).toMatchObject({
      active: 0,
      idle: 60,
    });
    expect(contribution(ping('09:01:30', 45), T('09:01:00'), open)[0]).toMatchObject({ active: 0, idle: 30 });
  });

  it('a span over a block edge is split exactly, its idle end in the later block first', () => {
    expect(contribution(ping('09:10:30', 40), T('09:09:30'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 30, active: 20, idle: 10 },
      { blockSec: T('09:10:00'), tracked: 30, active: 0, idle: 30 },
    ]);
    expect(contribution(ping('09:10:30', 20), T('09:09:30'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 30, active: 30, idle: 0 },
      { blockSec: T('09:10:00'), tracked: 30, active: 10, idle: 20 },
    ]);
  });

  it('a span ending exactly on a block edge stays in the earlier block, with no empty piece after it', () => {
    expect(contribution(ping('09:10:00'), T('09:09:00'), open)).toEqual([
      { blockSec: T('09:00:00'), tracked: 60, active: 60, idle: 0 },
    ]);
  });

  it('a span starting exactly on a block edge is all in the later block', () => {
    expect(contribution(ping('09:11:00'), T('09:10:00'), open)).toEqual([
      { blockSec: T('09:10:00'), tracked: 60, active: 60, idle: 0 },
    ]);
  });

  it('instants are whole seconds, floored', () => {
    expect(toSec(new Date('2026-03-02T09:00:00.999Z'))).toBe(T('09:00:00'));
    expect(boundsOf(new Date('2026-03-02T09:00:00.999Z'), null)).toEqual({
      startedSec: clockIn,
      endedSec: null,
      pause: null,
    });
    expect(boundsOf(new Date('2026-03-02T09:00:00Z'), new Date('2026-03-02T17:00:00.5Z'))).toEqual({
      startedSec: clockIn,
      endedSec: T('17:00:00'),
      pause: null,
    });
    expect(
      boundsOf(new Date('2026-03-02T09:00:00Z'), null, {
        from: new Date('2026-03-02T10:00:00.7Z'),
        to: new Date('2026-03-02T11:00:00Z'),
      }).pause,
    ).toEqual({ fromSec: T('10:00:00'), toSec: T('11:00:00') });
  });

  it('blocks are ten minutes aligned to UTC; a ping’s counts go to the block of its last covered second', () => {
    expect(blockOf(T('09:09:59'))).toBe(T('09:00:00'));
    expect(blockOf(T('09:10:00'))).toBe(T('09:10:00'));
    expect(countBlockOf(T('09:10:00'))).toBe(T('09:00:00'));
    expect(countBlockOf(T('09:10:01'))).toBe(T('09:10:00'));
  });
});

describe('block sums', () => {
  it('adds and takes back pieces per block and sums them', () => {
    const d = new BlockDeltas();
    d.add([{ blockSec: 0, tracked: 60, active: 40, idle: 20 }], 1);
    d.add([{ blockSec: 600, tracked: 30, active: 30, idle: 0 }], 1);
    d.add([{ blockSec: 0, tracked: 20, active: 10, idle: 10 }], -1);
    expect(d.byBlock.get(0)).toMatchObject({ tracked: 40, active: 30, idle: 10 });
    expect(d.totals()).toEqual({ tracked: 70, active: 60, idle: 10 });
  });

  it('counts keyboard, mouse and the ping in the block of the ping’s last second', () => {
    const d = new BlockDeltas();
    d.count(600, 5, 7);
    d.count(601, 1, 0);
    expect(d.byBlock.get(0)).toMatchObject({ keyboard: 5, mouse: 7, pings: 1, tracked: 0 });
    expect(d.byBlock.get(600)).toMatchObject({ keyboard: 1, mouse: 0, pings: 1 });
  });

  it('changed: a block whose figures cancel out is left out; any one figure that moved keeps it', () => {
    const d = new BlockDeltas();
    const piece = { tracked: 30, active: 20, idle: 10 };
    d.add([{ blockSec: 0, ...piece }], 1);
    d.add([{ blockSec: 0, ...piece }], -1);
    expect(d.changed()).toEqual([]);
    const one = (p: Partial<{ tracked: number; active: number; idle: number }>) => {
      const e = new BlockDeltas();
      e.add([{ blockSec: 0, tracked: 0, active: 0, idle: 0, ...p }], 1);
      return e.changed().length;
    };
    expect([one({ tracked: 1 }), one({ active: 1 }), one({ idle: 1 }), one({})]).toEqual([1, 1, 1, 0]);
    const counts = (keyboard: number, mouse: number) => {
      const e = new BlockDeltas();
      e.count(1, keyboard, mouse);
      return e.changed()[0];
    };
    expect(counts(0, 0)).toMatchObject({ pings: 1 });
    expect(counts(3, 0)).toMatchObject({ keyboard: 3 });
    const mouseOnly = new BlockDeltas();
    mouseOnly.add([{ blockSec: 0, tracked: 0, active: 0, idle: 0 }], 1);
    mouseOnly.byBlock.get(0)!.mouse = 2;
    expect(mouseOnly.changed()).toHaveLength(1);
    const keyboardOnly = new BlockDeltas();
    keyboardOnly.add([{ blockSec: 0, tracked: 0, active: 0, idle: 0 }], 1);
    keyboardOnly.byBlock.get(0)!.keyboard = 2;
    expect(keyboardOnly.changed()).toHaveLength(1);
  });
});

/**
 * A store of one attendance's pings answering what the repository's SQL answers (tracker.repository.ts): the
 * first older ping after each new instant, and each affected ping's predecessor by (at, id) among all pings and
 * among those before the batch.
 */
function store(bounds: { startedSec: number; endedSec: number | null }) {
  const pings: InsertedRollupPing[] = [];
  const totals = { tracked: 0, active: 0, idle: 0 };
  const blocks = new Map<number, { tracked: number; pings: number; keyboard: number }>();
  const before = (a: RollupPing, b: RollupPing) =>
    a.at < b.at || (a.at.getTime() === b.at.getTime() && a.id < b.id);
  const latest = (xs: RollupPing[]) =>
    xs.length ? new Date(Math.max(...xs.map((x) => x.at.getTime()))) : null;
  return {
    totals,
    blocks,
    send(batch: InsertedRollupPing[]) {
      const old = [...pings];
      pings.push(...batch);
      const newIds = new Set(batch.map((p) => p.id));
      const oldNexts: RollupPing[] = [];
      for (const at of new Set(batch.map((p) => p.at.getTime()))) {
        const next = old
          .filter((o) => o.at.getTime() > at)
          .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)[0];
        if (next && !oldNexts.includes(next)) oldNexts.push(next);
      }
      const preds = new Map<number, Predecessors>();
      for (const p of [...batch, ...oldNexts]) {
        const earlier = pings.filter((o) => before(o, p));
        preds.set(p.id, {
          prevAt: latest(earlier),
          prevOldAt: latest(earlier.filter((o) => !newIds.has(o.id))),
        });
      }
      const d = rollupDeltas(bounds, batch, oldNexts, preds);
      const t = d.totals();
      totals.tracked += t.tracked;
      totals.active += t.active;
      totals.idle += t.idle;
      for (const e of d.changed()) {
        const b = blocks.get(e.blockSec) ?? { tracked: 0, pings: 0, keyboard: 0 };
        blocks.set(e.blockSec, {
          tracked: b.tracked + e.tracked,
          pings: b.pings + e.pings,
          keyboard: b.keyboard + e.keyboard,
        });
      }
    },
  };
}

describe('the rollup', () => {
  const at = (hms: string) => new Date(`2026-03-02T${hms}Z`);
  let id = 0;
  const p = (hms: string, idleSeconds = 0, keyboard = 1): InsertedRollupPing => ({
    id: ++id,
    at: at(hms),
    idleSeconds,
    keyboard,
    mouse: 2,
  });

  it('pings sent in order add their spans, and their counts to their blocks', () => {
    const s = store(open);
    s.send([p('09:01:00'), p('09:02:00', 15)]);
    s.send([p('09:03:00', 0, 4)]);
    expect(s.totals).toEqual({ tracked: 180, active: 165, idle: 15 });
    expect(s.blocks.get(T('09:00:00'))).toEqual({ tracked: 180, pings: 3, keyboard: 6 });
  });

  it('a ping arriving late between two older ones takes its part from the one after it', () => {
    const s = store(open);
    s.send([p('09:01:00'), p('09:03:00')]); // the 09:03 ping covers 09:02–09:03 (capped)
    expect(s.totals.tracked).toBe(120);
    s.send([p('09:02:30')]); // now covers 09:01:30–09:02:30; the 09:03 ping only 09:02:30–09:03
    expect(s.totals.tracked).toBe(120 + 60 - 30);
  });

  it('a ping at the same instant as an older one adds nothing, and is counted as a ping', () => {
    const s = store(open);
    s.send([p('09:01:00')]);
    s.send([p('09:01:00', 0, 3)]);
    expect(s.totals.tracked).toBe(60);
    expect(s.blocks.get(T('09:00:00'))).toEqual({ tracked: 60, pings: 2, keyboard: 4 });
  });

  it('an older neighbour gives back its span but adds no counts of its own', () => {
    const neighbour: RollupPing = { id: 900, at: at('09:03:00'), idleSeconds: 0 };
    const inserted = [p('09:02:30', 0, 5)];
    const preds = new Map<number, Predecessors>([
      [inserted[0].id, { prevAt: at('09:01:00'), prevOldAt: at('09:01:00') }],
      [900, { prevAt: at('09:02:30'), prevOldAt: at('09:01:00') }],
    ]);
    const d = rollupDeltas(open, inserted, [neighbour], preds);
    expect(d.totals()).toEqual({ tracked: 60 + 30 - 60, active: 30, idle: 0 });
    expect(d.byBlock.get(T('09:00:00'))).toMatchObject({ keyboard: 5, mouse: 2, pings: 1 });
  });

  it('a ping without a known predecessor is the attendance’s first (from the clock-in)', () => {
    const d = rollupDeltas(open, [p('09:00:40')], [], new Map());
    expect(d.totals().tracked).toBe(40);
  });

  it('replaying a day in any order and batch size gives the same sums and blocks as sending it in order', () => {
    const day = Array.from({ length: 40 }, (_, i) => {
      const s = 60 + i * 47; // irregular: some spans short, some capped, some over block edges
      const hms = new Date(at('09:00:00').getTime() + s * 1000).toISOString().slice(11, 19);
      return p(hms, (i * 13) % 70, i % 5);
    });
    const bounds = { startedSec: clockIn, endedSec: T('09:30:00') };
    const inOrder = store(bounds);
    for (const x of day) inOrder.send([{ ...x }]);
    // A fixed shuffle (no randomness: the test fails the same way every run).
    const shuffled = [...day].sort((a, b) => ((a.id * 7919) % 41) - ((b.id * 7919) % 41));
    for (const size of [1, 3, 7, 40]) {
      const replay = store(bounds);
      for (let i = 0; i < shuffled.length; i += size)
        replay.send(shuffled.slice(i, i + size).map((x) => ({ ...x })));
      expect(replay.totals).toEqual(inOrder.totals);
      expect(new Map([...replay.blocks].filter(([, b]) => b.tracked || b.pings))).toEqual(
        new Map([...inOrder.blocks].filter(([, b]) => b.tracked || b.pings)),
      );
    }
    expect(inOrder.totals.tracked).toBeGreaterThan(0);
    expect(inOrder.totals.tracked).toBeLessThanOrEqual(30 * 60);
  });
});
