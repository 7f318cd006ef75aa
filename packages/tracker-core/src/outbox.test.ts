import { describe, expect, it } from 'vitest';
import { MemoryOutboxStore, type OutboxItem } from './outbox';

const item = (id: string, keyboard = 0): OutboxItem => ({
  id,
  attendanceId: 5,
  ping: { id, at: '2026-03-02T09:01:00.000Z', keyboard, mouse: 0, idle_seconds: 0, source: 'web' },
});

describe('MemoryOutboxStore', () => {
  it('keeps the first of two pings with one id, in order, and answers at most the limit', async () => {
    const store = new MemoryOutboxStore();
    await store.append([item('a', 1), item('b')]);
    await store.append([item('a', 9), item('c')]);
    expect((await store.peek(10)).map((i) => [i.id, i.ping.keyboard])).toEqual([
      ['a', 1],
      ['b', 0],
      ['c', 0],
    ]);
    expect((await store.peek(2)).map((i) => i.id)).toEqual(['a', 'b']);
    await store.remove(['b', 'unknown']);
    expect(await store.size()).toBe(2);
  });
});
