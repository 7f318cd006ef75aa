import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testClock } from '../test-helpers';
import { TransportError } from '../transport';
import { fetchScreenshotTransport } from './fetch-upload';
import { MemoryUploadStore, type UploadItem } from './types';
import { type RefusedUpload, UploadQueue } from './upload-queue';

const item = (n: number, o: Partial<UploadItem> = {}): UploadItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  attendanceId: 5,
  takenAt: '2026-03-02T10:06:30.000Z',
  screen: 0,
  source: 'web',
  origin: 'scheduled',
  bytes: Uint8Array.from([0xff, 0xd8, 0xff, n]),
  type: 'image/jpeg',
  ...o,
});

/** A server that stores uploads by id and fails as told: `down` (nothing answers) or with a status per id. */
function fakeServer() {
  const stored = new Map<string, UploadItem>();
  const attempts: string[] = [];
  const state = { down: false, status: new Map<string, number>() };
  return {
    stored,
    attempts,
    state,
    async upload(i: UploadItem) {
      attempts.push(i.id);
      if (state.down) throw new TransportError('Failed to fetch');
      const status = state.status.get(i.id);
      if (status) throw new TransportError(`status ${status}`, status);
      stored.set(i.id, i);
    },
  };
}

describe('UploadQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries network errors and 5xx with growing delays, drops a 422, pauses on 401', async () => {
    const server = fakeServer();
    const refused: RefusedUpload[] = [];
    const store = new MemoryUploadStore();
    const queue = new UploadQueue({
      store,
      transport: server,
      clock: testClock(),
      random: () => 1,
      baseDelayMs: 1000,
      onRefused: (r) => refused.push(r),
    });
    server.state.down = true;
    await queue.add([item(1), item(2)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toBe('waiting');
    server.state.down = false;
    server.state.status.set(item(1).id, 503);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.attempts).toEqual([item(1).id, item(1).id]);
    server.state.status.delete(item(1).id);
    server.state.status.set(item(2).id, 422);
    await vi.advanceTimersByTimeAsync(1);
    expect([...server.stored.keys()]).toEqual([item(1).id]);
    expect(refused.map((r) => [r.item.id, r.status])).toEqual([[item(2).id, 422]]);
    expect(await store.size()).toBe(0);
    expect(queue.lastUploadedAt).not.toBeNull();

    server.state.status.set(item(3).id, 401);
    await queue.add([item(3)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toBe('paused');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.attempts.filter((id) => id === item(3).id)).toHaveLength(1);
    server.state.status.delete(item(3).id);
    await queue.retryNow();
    expect(server.stored.has(item(3).id)).toBe(true);
    expect(queue.getState()).toBe('idle');
  });
});

describe('UploadQueue backoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts over from the base delay after an upload went through', async () => {
    const server = fakeServer();
    const uploaded: string[] = [];
    const queue = new UploadQueue({
      store: new MemoryUploadStore(),
      transport: server,
      clock: testClock(),
      random: () => 1,
      baseDelayMs: 1000,
      onUploaded: (i) => uploaded.push(i.id),
    });
    server.state.down = true;
    await queue.add([item(1)]);
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(server.attempts).toHaveLength(3);
    server.state.down = false;
    await vi.advanceTimersByTimeAsync(4000);
    expect(uploaded).toEqual([item(1).id]);
    server.state.down = true;
    await queue.add([item(2)]);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.attempts).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.attempts).toHaveLength(6);
  });
});

/** Node's fetch Response parses multipart as a server would (the core's lib has no DOM types). */
type FormLike = { entries(): IterableIterator<[string, unknown]>; get(name: string): unknown };
type FileLike = { name: string; arrayBuffer(): Promise<ArrayBuffer> };
const { Response } = globalThis as unknown as {
  Response: new (
    body: Uint8Array,
    init: { headers: Record<string, string> },
  ) => { formData(): Promise<FormLike> };
};

describe('fetchScreenshotTransport', () => {
  it('sends a multipart upload the server can parse, and a decline as JSON', async () => {
    const calls: Array<{ url: string; headers: Record<string, string>; body?: string | Uint8Array }> = [];
    let answer = { status: 201, body: '{"duplicate":false}' };
    const transport = fetchScreenshotTransport({
      baseUrl: 'http://x',
      getToken: () => 'tok',
      fetch: async (url, init) => {
        calls.push({ url, headers: init.headers, body: init.body });
        return { status: answer.status, ok: answer.status < 300, text: async () => answer.body };
      },
    });
    await transport.upload(item(7, { requestId: '11111111-2222-4333-8444-555555555555', screen: 1 }));
    const [upload] = calls;
    expect(upload.url).toBe('http://x/api/v1/va-access/screenshots');
    expect(upload.headers.Authorization).toBe('Bearer tok');
    const form = await new Response(upload.body as Uint8Array, {
      headers: { 'Content-Type': upload.headers['Content-Type'] },
    }).formData();
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      id: item(7).id,
      attendance_id: '5',
      taken_at: '2026-03-02T10:06:30.000Z',
      screen: '1',
      source: 'web',
      request_id: '11111111-2222-4333-8444-555555555555',
    });
    const file = form.get('file') as FileLike;
    expect(file.name).toBe('screen-1.jpg');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 7]);

    answer = { status: 204, body: '' };
    await transport.decline('req-1', { reason: 'cannot_capture' });
    expect(calls[1]).toMatchObject({
      url: 'http://x/api/v1/va-access/screenshot-requests/req-1/decline',
      body: '{"reason":"cannot_capture"}',
    });

    answer = { status: 422, body: '{"message":"This screenshot was taken outside the shift"}' };
    await expect(transport.upload(item(8))).rejects.toMatchObject({
      status: 422,
      message: 'This screenshot was taken outside the shift',
    });
  });
});
