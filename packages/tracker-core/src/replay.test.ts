import type { PingInput } from '@vahub/shared/attendance/tracker-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryOutboxStore, type OutboxItem } from './outbox';
import { type DroppedPing, OutboxReplayer } from './replay';
import { counterUuid, FakeServer, testClock } from './test-helpers';

const uuid = counterUuid();
const item = (attendanceId = 1, minute = 0): OutboxItem => {
  const id = uuid();
  const ping: PingInput = {
    id,
    at: new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString(),
    keyboard: 1,
    mouse: 1,
    idle_seconds: 0,
    source: 'web',
  };
  return { id, attendanceId, ping };
};

function setup(options: Partial<ConstructorParameters<typeof OutboxReplayer>[0]> = {}) {
  const store = new MemoryOutboxStore();
  const server = new FakeServer();
  const dropped: DroppedPing[] = [];
  const replayer = new OutboxReplayer({
    store,
    transport: server,
    clock: testClock(),
    random: () => 1, // the upper bound of the jitter: delays are exact
    baseDelayMs: 1000,
    maxDelayMs: 16_000,
    onDropped: (d) => dropped.push(...d),
    ...options,
  });
  return { store, server, replayer, dropped };
}

describe('OutboxReplayer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('replays in order, at most one batch size a call, one attendance a call', async () => {
    const { store, server, replayer } = setup({ batchSize: 3 });
    const items = [item(1, 0), item(1, 1), item(1, 2), item(1, 3), item(2, 4), item(1, 5)];
    await store.append(items);
    await replayer.kick();
    expect(server.calls.map((c) => [c.attendanceId, c.ids])).toEqual([
      [1, items.slice(0, 3).map((i) => i.id)],
      [1, [items[3].id]],
      [2, [items[4].id]],
      [1, [items[5].id]],
    ]);
    expect(await store.size()).toBe(0);
    expect(replayer.getState()).toBe('idle');
  });

  it('keeps everything while offline, backs off exponentially, then delivers in order and resets', async () => {
    const { store, server, replayer } = setup();
    server.down = true;
    const items = [item(1, 0), item(1, 1)];
    await store.append(items);
    await replayer.kick();
    expect(replayer.getState()).toBe('waiting');
    // 1 s, 2 s, 4 s, 8 s, 16 s, 16 s (capped): one call after each wait, none before.
    const waits = [1000, 2000, 4000, 8000, 16_000, 16_000];
    for (const wait of waits) {
      const before = server.calls.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.calls.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls.length).toBe(before + 1);
    }
    // New pings while backing off wait for the pending retry instead of knocking at once.
    await store.append([item(1, 2)]);
    const before = server.calls.length;
    await replayer.kick();
    expect(server.calls.length).toBe(before);

    server.down = false;
    await vi.advanceTimersByTimeAsync(16_000);
    expect(await store.size()).toBe(0);
    expect([...server.received.keys()]).toEqual([...items.map((i) => i.id), expect.any(String)]);
    expect(replayer.attempts).toBe(0);

    // The next failure starts from the base delay again.
    server.down = true;
    await store.append([item(1, 3)]);
    await replayer.kick();
    const calls = server.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.calls.length).toBe(calls + 1);
  });

  it('adds jitter: the delay lies between half and all of the exponential one', async () => {
    const a = setup({ random: () => 0 });
    a.server.down = true;
    await a.store.append([item()]);
    await a.replayer.kick();
    await vi.advanceTimersByTimeAsync(499);
    expect(a.server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.server.calls).toHaveLength(2);
  });

  it('retryNow skips the backoff wait (the network came back)', async () => {
    const { store, server, replayer } = setup();
    server.down = true;
    await store.append([item()]);
    await replayer.kick();
    server.down = false;
    await replayer.retryNow();
    expect(await store.size()).toBe(0);
  });

  it('treats duplicates as delivered: a batch resent after a lost answer is counted once', async () => {
    const { store, server, replayer } = setup();
    const items = [item(1, 0), item(1, 1)];
    await store.append(items);
    server.loseNextAnswer = true;
    await replayer.kick();
    expect(await store.size()).toBe(2); // the client does not know the server has them
    await vi.advanceTimersByTimeAsync(1000);
    expect(await store.size()).toBe(0);
    expect(server.calls).toHaveLength(2);
    expect(server.received.size).toBe(2);
  });

  it('drops the items refused one by one and reports them, keeping the others', async () => {
    const { store, server, replayer, dropped } = setup();
    const items = [item(1, 0), item(1, 1), item(1, 2)];
    server.refuse.add(items[1].id);
    await store.append(items);
    await replayer.kick();
    expect(await store.size()).toBe(0);
    expect(dropped.map((d) => [d.item.id, d.status, d.message])).toEqual([
      [items[1].id, 422, 'This ping lies outside the shift'],
    ]);
    expect(server.received.size).toBe(2);
  });

  it('drops a batch the server refuses as a whole (404: not your attendance) and goes on', async () => {
    const { store, server, replayer, dropped } = setup();
    await store.append([item(9, 0), item(1, 1)]);
    server.failWith = 404;
    const send = server.sendPings.bind(server);
    server.sendPings = async (id, pings) => {
      server.failWith = id === 9 ? 404 : null;
      return send(id, pings);
    };
    await replayer.kick();
    expect(dropped.map((d) => [d.item.attendanceId, d.status])).toEqual([[9, 404]]);
    expect(server.received.size).toBe(1);
  });

  it('a batch without refusals reports no drop; a refusal without a message still names its status', async () => {
    const { store, server, replayer, dropped } = setup();
    const calls: number[] = [];
    const ok = setup({ onDropped: (d) => calls.push(d.length) });
    await ok.store.append([item(1, 0)]);
    await ok.replayer.kick();
    expect(calls).toEqual([]);

    const items = [item(1, 0)];
    await store.append(items);
    server.sendPings = async (_id, pings) => ({
      accepted: 0,
      duplicates: 0,
      rejected: [{ index: 0, id: pings[0].id, status: 409 } as never],
      attendance: server.shift,
    });
    await replayer.kick();
    expect(dropped.map((d) => [d.status, d.message, d.code])).toEqual([[409, '', undefined]]);
  });

  it('tells of each delivered batch with the server answer and the time it was delivered', async () => {
    const delivered: Array<[number, string[]]> = [];
    const { store, replayer } = setup({
      onDelivered: (result, items) => delivered.push([result.accepted, items.map((i) => i.id)]),
    });
    vi.setSystemTime(Date.parse('2026-03-02T09:05:00.000Z'));
    const items = [item(1, 0), item(1, 1)];
    await store.append(items);
    await replayer.kick();
    expect(delivered).toEqual([[2, items.map((i) => i.id)]]);
    expect(replayer.lastDeliveredAt).toBe(Date.parse('2026-03-02T09:05:00.000Z'));
  });

  it('pauses on 401 until retryNow (a new token), without timers', async () => {
    const { store, server, replayer } = setup();
    server.failWith = 401;
    await store.append([item()]);
    await replayer.kick();
    expect(replayer.getState()).toBe('paused');
    await vi.advanceTimersByTimeAsync(600_000);
    await replayer.kick();
    expect(server.calls).toHaveLength(1);
    server.failWith = null;
    await replayer.retryNow();
    expect(await store.size()).toBe(0);
    expect(replayer.getState()).toBe('idle');
  });
});
