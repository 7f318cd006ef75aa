import 'fake-indexeddb/auto';
import type { OutboxItem } from '@vahub/tracker-core/outbox';
import { describe, expect, it } from 'vitest';
import { IdbOutboxStore } from './idb-outbox';

let n = 0;
const item = (attendanceId = 1): OutboxItem => {
  const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  return {
    id,
    attendanceId,
    ping: {
      id,
      at: new Date(n * 60_000).toISOString(),
      keyboard: n,
      mouse: 0,
      idle_seconds: 0,
      source: 'web',
    },
  };
};

describe('IdbOutboxStore', () => {
  it('keeps items in order, peeks a limited batch, removes acknowledged ones', async () => {
    const store = new IdbOutboxStore(`t-${Math.random()}`);
    const items = [item(), item(), item(2), item()];
    await store.append(items.slice(0, 2));
    await store.append(items.slice(2));
    expect(await store.size()).toBe(4);
    expect(await store.peek(3)).toEqual(items.slice(0, 3));
    await store.remove([items[0].id, items[2].id, 'unknown']);
    expect(await store.peek(10)).toEqual([items[1], items[3]]);
    expect(await store.size()).toBe(2);
  });

  it('does not store a ping twice, and survives reopening (a reload)', async () => {
    const name = `t-${Math.random()}`;
    const first = new IdbOutboxStore(name);
    const a = item();
    await first.append([a, item()]);
    await first.append([a]);
    expect(await first.size()).toBe(2);
    first.close();
    const again = new IdbOutboxStore(name);
    expect((await again.peek(10)).map((i) => i.id)[0]).toBe(a.id);
    expect(await again.size()).toBe(2);
  });
});
