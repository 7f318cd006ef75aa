import { appendFile, mkdtemp, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadItem } from '@vahub/tracker-core/capture/types';
import type { OutboxItem } from '@vahub/tracker-core/outbox';
import { counterUuid, FakeServer, testClock } from '@vahub/tracker-core/test-helpers';
import { TrackerClient } from '@vahub/tracker-core/tracker-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FileOutboxStore, FileUploadStore, outboxBacklog } from './file-outbox';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agent-outbox-'));
});
afterEach(() => {
  vi.useRealTimers();
});

const item = (n: number, attendanceId = 1): OutboxItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  attendanceId,
  ping: {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    at: new Date(Date.UTC(2026, 2, 2, 8, n)).toISOString(),
    keyboard: n,
    mouse: 0,
    idle_seconds: 0,
    source: 'desktop',
  },
});

describe('file outbox', () => {
  it('syncs each record to disk before append or remove resolves', async () => {
    const ops: string[] = [];
    const spyOpen = (async (...args: Parameters<typeof open>) => {
      const handle = await open(...args);
      return new Proxy(handle, {
        get(target, key) {
          const value = Reflect.get(target, key, target);
          if (key === 'write' || key === 'sync' || key === 'truncate')
            return async (...a: unknown[]) => {
              ops.push(`${String(key)}:start`);
              const r = await (value as (...x: unknown[]) => Promise<unknown>).apply(target, a);
              ops.push(`${String(key)}:done`);
              return r;
            };
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    }) as typeof open;
    const store = new FileOutboxStore(dir, { openFile: spyOpen });
    await store.append([item(1)]);
    ops.push('append resolved');
    await store.remove([item(1).id]);
    ops.push('remove resolved');
    expect(ops).toEqual([
      'write:start',
      'write:done',
      'sync:start',
      'sync:done',
      'append resolved',
      'write:start',
      'write:done',
      'sync:start',
      'sync:done',
      // Everything acknowledged: the journal is emptied (compaction), durably.
      'truncate:start',
      'truncate:done',
      'sync:start',
      'sync:done',
      'remove resolved',
    ]);
    expect(await readFile(join(dir, 'pings.jsonl'), 'utf8')).toBe('');
    await store.close();
  });

  it('comes back after a crash with what was stored, ignoring a torn last line', async () => {
    const logs: string[] = [];
    const first = new FileOutboxStore(dir);
    await first.append([item(1), item(2), item(3)]);
    await first.remove([item(1).id]);
    await first.close();
    // The machine died in the middle of writing the fourth record.
    await appendFile(join(dir, 'pings.jsonl'), '{"op":"add","item":{"id":"00000000-0000-4000-8000-0000');
    const second = new FileOutboxStore(dir, { log: (m) => logs.push(m) });
    expect((await second.peek(10)).map((i) => i.ping.keyboard)).toEqual([2, 3]);
    expect(logs.join()).toMatch(/torn last record/);
    // Later records stay readable: the torn tail was cut off.
    await second.append([item(4)]);
    await second.close();
    const third = new FileOutboxStore(dir);
    expect((await third.peek(10)).map((i) => i.ping.keyboard)).toEqual([2, 3, 4]);
    expect(await outboxBacklog(dir)).toEqual({ pings: 3, screens: 0 });
    await third.close();
  });

  it('rewrites the journal with the pending items once acknowledged records pile up', async () => {
    const store = new FileOutboxStore(dir, { compactAfter: 10 });
    await store.append(Array.from({ length: 12 }, (_, i) => item(i + 1)));
    for (let i = 1; i <= 10; i++) await store.remove([item(i).id]);
    // 12 adds + 10 acks, 2 pending → rewritten as the 2 pending adds.
    expect(store.journalRecords).toBe(2);
    const lines = (await readFile(join(dir, 'pings.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).item.ping.keyboard)).toEqual([11, 12]);
    await store.append([item(13)]);
    await store.close();
    const reopened = new FileOutboxStore(dir);
    expect((await reopened.peek(10)).map((i) => i.ping.keyboard)).toEqual([11, 12, 13]);
    await reopened.close();
  });

  it('keeps screenshots as files beside the journal and deletes them once uploaded', async () => {
    const upload = (n: number): UploadItem => ({
      id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      attendanceId: 1,
      takenAt: '2026-03-02T08:00:00.000Z',
      screen: n,
      source: 'desktop',
      origin: 'scheduled',
      bytes: Uint8Array.from([0xff, 0xd8, n]),
      type: 'image/jpeg',
    });
    const store = new FileUploadStore(dir);
    await store.append([upload(0), upload(1)]);
    // An orphan (crash between the file and its record) goes on the next open.
    await writeFile(join(dir, 'screens', 'orphan.jpg'), 'x');
    await store.close();
    const again = new FileUploadStore(dir);
    const [a, b] = await again.peek(5);
    expect([...a.bytes]).toEqual([0xff, 0xd8, 0]);
    expect(b.screen).toBe(1);
    expect((await readdir(join(dir, 'screens'))).sort()).toEqual([
      `${upload(0).id}.jpg`,
      `${upload(1).id}.jpg`,
    ]);
    await again.remove([a.id]);
    expect(await readdir(join(dir, 'screens'))).toEqual([`${upload(1).id}.jpg`]);
    expect(await again.size()).toBe(1);
    await again.close();
  });

  it('loses nothing over a day offline: 1,440 pings queued, each replayed once, in order', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 2, 8, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = new FakeServer();
    server.shift = { ...server.shift, status: 'ongoing' };
    server.down = true;
    const store = new FileOutboxStore(dir);
    const client = new TrackerClient({
      transport: server,
      store,
      clock: testClock(),
      uuid: counterUuid(),
      source: 'desktop',
      random: () => 0.5,
    });
    await client.start();
    expect(client.getSnapshot().shift.status).toBe('on_shift');
    for (let hour = 0; hour < 24; hour++) {
      client.record('keyboard');
      await vi.advanceTimersByTimeAsync(3_600_000);
      await client.flush();
    }
    expect(await store.size()).toBe(1440);
    expect(server.received.size).toBe(0);
    // A crash at the end of the day: the next run reads the same 1,440 from disk.
    client.stop();
    await store.close();
    const reopened = new FileOutboxStore(dir);
    expect(await reopened.size()).toBe(1440);
    server.down = false;
    const next = new TrackerClient({
      transport: server,
      store: reopened,
      clock: testClock(),
      uuid: counterUuid('00000000-0000-4000-9000-'),
      source: 'desktop',
    });
    await next.start();
    await next.flush();
    expect(await reopened.size()).toBe(0);
    expect(server.received.size).toBe(1440);
    const delivered = server.calls.slice(-3);
    expect(delivered.map((c) => c.ids.length)).toEqual([500, 500, 440]);
    const ids = delivered.flatMap((c) => c.ids);
    expect(new Set(ids).size).toBe(1440);
    const times = [...server.received.values()].map((p) => p.at);
    expect(times).toEqual([...times].sort());
    expect(await readFile(join(dir, 'pings.jsonl'), 'utf8')).toBe('');
    next.stop();
    await reopened.close();
  }, 60_000);
});
