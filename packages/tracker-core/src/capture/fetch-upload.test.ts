import { describe, expect, it } from 'vitest';
import { fetchScreenshotTransport, multipartBody } from './fetch-upload';
import { MemoryUploadStore, type UploadItem, uploadFields, uploadFileName } from './types';

/** The host's own UTF-8 encoder and decoder (the core's lib declares neither). */
const { TextEncoder, TextDecoder } = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

const item = (o: Partial<UploadItem> = {}): UploadItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  attendanceId: 5,
  takenAt: '2026-03-02T10:06:30.000Z',
  screen: 0,
  source: 'desktop',
  origin: 'scheduled',
  bytes: Uint8Array.from([1, 2, 3]),
  type: 'image/png',
  ...o,
});

describe('multipartBody', () => {
  it('encodes text of every UTF-8 length exactly as the host would (ASCII, ü, €, emoji), then the file bytes', () => {
    const value = 'a\u007f\u0080ü\u07ff\u0800€\uffff\u{10000}😀';
    const { body, contentType } = multipartBody(
      [['title', value]],
      { name: 'file', filename: 'screen-0.png', type: 'image/png', bytes: Uint8Array.from([0, 255]) },
      'B',
    );
    expect(contentType).toBe('multipart/form-data; boundary=B');
    const head =
      `--B\r\nContent-Disposition: form-data; name="title"\r\n\r\n${value}\r\n` +
      '--B\r\nContent-Disposition: form-data; name="file"; filename="screen-0.png"\r\nContent-Type: image/png\r\n\r\n';
    const expected = [
      ...new TextEncoder().encode(head),
      0,
      255,
      ...new TextEncoder().encode('\r\n--B--\r\n'),
    ];
    expect([...body]).toEqual(expected);
    expect(new TextDecoder().decode(body.slice(0, 2))).toBe('--');
  });
});

describe('fetchScreenshotTransport', () => {
  it('takes an answer that is not JSON, draws a fresh boundary for each upload, and declines as JSON', async () => {
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const transport = fetchScreenshotTransport({
      baseUrl: 'http://x',
      getToken: () => 'tok',
      fetch: async (url, init) => {
        calls.push({ url, headers: init.headers });
        return { status: 201, ok: true, text: async () => 'Created' };
      },
    });
    await expect(transport.upload(item())).resolves.toBe('Created');
    await transport.upload(item());
    const boundaries = calls.map((c) => c.headers['Content-Type'].split('boundary=')[1]);
    for (const b of boundaries) expect(b).toMatch(/^----vahub[0-9a-z]{24}$/);
    expect(boundaries[0]).not.toBe(boundaries[1]);
    await transport.decline('a b', { reason: 'error', detail: 'x' });
    expect(calls[2]).toMatchObject({
      url: 'http://x/api/v1/va-access/screenshot-requests/a%20b/decline',
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

describe('upload fields and names', () => {
  it('sends request_id only for an on-demand capture, and names the file by screen and type', () => {
    expect(uploadFields(item()).map(([k]) => k)).toEqual([
      'id',
      'attendance_id',
      'taken_at',
      'screen',
      'source',
    ]);
    expect(uploadFields(item({ requestId: 'r' })).at(-1)).toEqual(['request_id', 'r']);
    expect(
      (['image/png', 'image/jpeg', 'image/webp'] as const).map((type) =>
        uploadFileName(item({ type, screen: 2 })),
      ),
    ).toEqual(['screen-2.png', 'screen-2.jpg', 'screen-2.webp']);
  });
});

describe('MemoryUploadStore', () => {
  it('keeps the first of two items with one id, in order, and answers at most the limit', async () => {
    const store = new MemoryUploadStore();
    await store.append([item({ id: 'a', screen: 0 }), item({ id: 'b' })]);
    await store.append([item({ id: 'a', screen: 9 }), item({ id: 'c' })]);
    expect((await store.peek(10)).map((i) => [i.id, i.screen])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 0],
    ]);
    expect((await store.peek(2)).map((i) => i.id)).toEqual(['a', 'b']);
    await store.remove(['a', 'zz']);
    expect(await store.size()).toBe(2);
  });
});
