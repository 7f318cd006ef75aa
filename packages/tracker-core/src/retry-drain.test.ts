import { describe, expect, it } from 'vitest';
import { type DrainState, RetryDrain, type RetryDrainOptions } from './retry-drain';
import { ManualClock } from './test-helpers';
import { TransportError } from './transport';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
/** Lets every pending promise callback run (the drain has no timers of its own but the backoff). */
async function settle() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

/**
 * A drain over an array: `send` answers as the test says (at once by default, or held until released), and
 * every store read, call and state heard is written down.
 */
class ArrayDrain extends RetryDrain<string> {
  readonly queue: string[] = [];
  readonly sent: string[] = [];
  readonly dropped: Array<[string, number, string]> = [];
  readonly heard: DrainState[] = [];
  reads = 0;
  /** Each read of the store waits for `holdRead` when set (a slow store). */
  holdRead: Deferred<void> | null = null;
  /** Each send waits for `holdSend` when set, then fails with `failWith` when set. */
  holdSend: Deferred<void> | null = null;
  failWith: unknown = null;

  constructor(
    options: Partial<RetryDrainOptions> = {},
    readonly clock = new ManualClock(T0),
  ) {
    super(
      {
        clock,
        random: () => 1,
        baseDelayMs: 1000,
        maxDelayMs: 8000,
        onChange: () => this.heard.push(this.getState()),
        ...options,
      },
      new Set([422]),
    );
  }
  protected async next() {
    this.reads++;
    const snapshot = this.queue[0] ?? null;
    if (this.holdRead) await this.holdRead.promise;
    return snapshot;
  }
  protected async send(unit: string) {
    this.sent.push(unit);
    if (this.holdSend) await this.holdSend.promise;
    if (this.failWith) throw this.failWith;
    this.queue.shift();
    this.succeeded();
    this.changed();
  }
  protected async refused(unit: string, status: number, message: string) {
    this.queue.shift();
    this.dropped.push([unit, status, message]);
  }
}

const offline = new TransportError('Failed to fetch');

describe('RetryDrain: kicks', () => {
  it('sends what waits, oldest first, and says each state once', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a', 'b');
    await drain.kick();
    expect(drain.sent).toEqual(['a', 'b']);
    expect(drain.getState()).toBe('idle');
    // `sending` once for both units; every delivered unit is heard of (the backlog changed).
    expect(drain.heard).toEqual(['sending', 'sending', 'sending', 'idle']);
    expect(drain.reads).toBe(3);
  });

  it('a kick with nothing to send reads the store once and says nothing', async () => {
    const drain = new ArrayDrain();
    await drain.kick();
    expect(drain.reads).toBe(1);
    expect(drain.heard).toEqual([]);
  });

  it('a kick while a unit is out drains again after it, and its promise waits for that drain', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    const first = drain.kick();
    // 'a' went; the drain reads the store again, and that read answers from before 'b' came.
    drain.holdRead = deferred();
    await settle();
    drain.queue.push('b');
    let done = false;
    const second = drain.kick().then(() => {
      done = true;
    });
    const stale = drain.holdRead;
    drain.holdRead = null;
    drain.holdSend = deferred();
    stale.resolve();
    await settle();
    // The drain again is sending 'b': whoever kicked is still waiting for it.
    expect(drain.sent).toEqual(['a', 'b']);
    expect(done).toBe(false);
    drain.holdSend.resolve();
    drain.holdSend = null;
    await Promise.all([first, second]);
    expect(drain.queue).toEqual([]);
  });

  it('several kicks while a unit is out make one more drain, not one each', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    drain.holdSend = deferred();
    const first = drain.kick();
    await settle();
    const kicks = [drain.kick(), drain.kick(), drain.kick()];
    drain.holdSend.resolve();
    drain.holdSend = null;
    await Promise.all([first, ...kicks]);
    expect(drain.sent).toEqual(['a']);
    // The drain's own reads (after 'a', finding nothing) and one drain again for the kicks.
    expect(drain.reads).toBe(3);
    await drain.kick();
    expect(drain.reads).toBe(4);
  });

  it('a kick while backing off waits for the pending retry; one while paused waits for retryNow', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    drain.failWith = offline;
    await drain.kick();
    expect(drain.getState()).toBe('waiting');
    await drain.kick();
    expect(drain.sent).toEqual(['a']);
    drain.failWith = new TransportError('Unauthenticated', 401);
    drain.clock.advanceTo(T0 + 1000);
    await settle();
    expect(drain.getState()).toBe('paused');
    expect(drain.lastError).toBe('Unauthenticated');
    await drain.kick();
    drain.clock.advanceTo(T0 + 60_000);
    await settle();
    expect(drain.sent).toEqual(['a', 'a']);
  });
});

describe('RetryDrain: failures', () => {
  it('backs off exponentially up to the cap, retries the same unit, and starts over after a success', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    drain.failWith = new TransportError('Service unavailable', 503);
    await drain.kick();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [due] = drain.clock.due;
      waits.push(due - drain.clock.t);
      drain.clock.advanceTo(due);
      await settle();
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(drain.attempts).toBe(6);
    drain.failWith = null;
    drain.clock.advanceTo(drain.clock.due[0]);
    await settle();
    expect(drain.sent).toEqual(Array(7).fill('a'));
    expect(drain.attempts).toBe(0);
    expect(drain.lastError).toBeNull();
    drain.queue.push('b');
    drain.failWith = offline;
    await drain.kick();
    expect(drain.clock.due).toEqual([drain.clock.t + 1000]);
  });

  it('drops a unit the server will never take, says so, and goes on with the next at once', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a', 'b');
    drain.failWith = new TransportError('Outside the shift', 422);
    drain.holdSend = deferred();
    const done = drain.kick();
    await settle();
    drain.failWith = null;
    drain.holdSend.reject(new TransportError('Outside the shift', 422));
    drain.holdSend = null;
    await done;
    expect(drain.dropped).toEqual([['a', 422, 'Outside the shift']]);
    expect(drain.sent).toEqual(['a', 'b']);
    expect(drain.queue).toEqual([]);
    // The refusal is heard while still sending (the backlog shrank).
    expect(drain.heard).toEqual(['sending', 'sending', 'sending', 'idle']);
    expect(drain.lastError).toBeNull();
  });

  it('a status outside the permanent ones is retried, and an error without one too', async () => {
    for (const error of [new TransportError('Too many requests', 429), 'a plain string']) {
      const drain = new ArrayDrain();
      drain.queue.push('a');
      drain.failWith = error;
      await drain.kick();
      expect(drain.getState()).toBe('waiting');
      expect(drain.dropped).toEqual([]);
      expect(drain.lastError).toBe(error instanceof Error ? error.message : error);
    }
  });
});

describe('RetryDrain: retryNow, stop and start', () => {
  it('retryNow skips the backoff; a failure then backs off anew and the old timer fires nothing', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    drain.failWith = offline;
    await drain.kick();
    expect(drain.clock.due).toEqual([T0 + 1000]);
    await drain.retryNow();
    expect(drain.sent).toEqual(['a', 'a']);
    expect(drain.clock.due).toEqual([T0 + 2000]);
    drain.clock.advanceTo(T0 + 1999);
    await settle();
    expect(drain.sent).toEqual(['a', 'a']);
  });

  it('retryNow after a 401 (a new token) sends at once; while sending it changes nothing', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a', 'b');
    drain.failWith = new TransportError('Unauthenticated', 401);
    await drain.kick();
    expect(drain.getState()).toBe('paused');
    drain.failWith = null;
    drain.holdSend = deferred();
    const done = drain.retryNow();
    await settle();
    expect(drain.getState()).toBe('sending');
    void drain.retryNow();
    expect(drain.getState()).toBe('sending');
    drain.holdSend.resolve();
    drain.holdSend = null;
    await done;
    expect(drain.sent).toEqual(['a', 'a', 'b']);
    expect(drain.getState()).toBe('idle');
  });

  it('stopped, it sends nothing: no kick, no retryNow, no pending retry', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    drain.failWith = new TransportError('Unauthenticated', 401);
    await drain.kick();
    drain.stop();
    drain.failWith = null;
    await drain.retryNow();
    await drain.kick();
    expect(drain.getState()).toBe('paused');
    expect(drain.sent).toEqual(['a']);

    const waiting = new ArrayDrain();
    waiting.queue.push('a');
    waiting.failWith = offline;
    await waiting.kick();
    waiting.stop();
    expect(waiting.clock.due).toEqual([]);
    waiting.clock.advanceTo(T0 + 60_000);
    await settle();
    expect(waiting.sent).toEqual(['a']);
  });

  it('stop() while a unit is out sends no further unit', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a', 'b');
    drain.holdSend = deferred();
    const done = drain.kick();
    await settle();
    drain.stop();
    drain.holdSend.resolve();
    drain.holdSend = null;
    await done;
    expect(drain.sent).toEqual(['a']);
    expect(drain.queue).toEqual(['b']);
  });

  it('start() after a stop while backing off sends again at the next kick, without waiting for retryNow', async () => {
    const drain = new ArrayDrain();
    drain.queue.push('a');
    drain.failWith = offline;
    await drain.kick();
    drain.stop();
    drain.failWith = null;
    drain.start();
    await drain.kick();
    expect(drain.sent).toEqual(['a', 'a']);
    expect(drain.queue).toEqual([]);
    expect(drain.getState()).toBe('idle');
  });

  it('start() after a stop while idle sends again at the next kick', async () => {
    const drain = new ArrayDrain();
    drain.stop();
    drain.queue.push('a');
    await drain.kick();
    expect(drain.sent).toEqual([]);
    drain.start();
    await drain.kick();
    expect(drain.sent).toEqual(['a']);
  });

  it('works without onChange, random or delays given (the defaults)', async () => {
    const drain = new ArrayDrain({
      onChange: undefined,
      random: undefined,
      baseDelayMs: undefined,
      maxDelayMs: undefined,
    });
    drain.queue.push('a');
    drain.failWith = offline;
    await drain.kick();
    const [due] = drain.clock.due;
    // Half of the 2 s base fixed, half random.
    expect(due - T0).toBeGreaterThanOrEqual(1000);
    expect(due - T0).toBeLessThanOrEqual(2000);
    expect(drain.heard).toEqual([]);
  });
});
