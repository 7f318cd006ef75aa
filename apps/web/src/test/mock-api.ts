import { vi } from 'vitest';

/** An answer of the fake API: JSON with a status (200 unless said), a file (a download), or a JSON body. */
export type Reply = { status?: number; body: unknown } | { file: string; name: string } | unknown;
export type Call = { method: string; url: URL; body: unknown };

const isReply = (r: unknown): r is { status?: number; body: unknown } =>
  typeof r === 'object' &&
  r !== null &&
  'body' in r &&
  Object.keys(r).every((k) => k === 'body' || k === 'status');
const isFile = (r: unknown): r is { file: string; name: string } =>
  typeof r === 'object' && r !== null && 'file' in r && 'name' in r;

/**
 * A fetch answering from `handler` by path, method and body (parsed JSON, or the FormData of a multipart call),
 * recording every request. A `{ file, name }` reply is a download with its `Content-Disposition`; the
 * browser's object URLs are stubbed (`saved` sees each Blob `saveFile` hands over).
 */
export function mockApi(handler: (url: URL, method: string, body: unknown) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      // A multipart body stays the FormData it was (its files included), for the test to read its fields.
      const body =
        init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const reply = handler(url, method, body);
      if (isFile(reply))
        return new Response(reply.file, {
          status: 200,
          headers: { 'Content-Disposition': `attachment; filename="${reply.name}"` },
        });
      const { status = 200, body: out } = isReply(reply) ? reply : { body: reply };
      return new Response(status === 204 ? null : JSON.stringify(out ?? {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const saved = vi.fn((_blob: Blob | MediaSource) => 'blob:download');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
  return { calls, saved };
}

/** A person as the API summarises one (VA or client), in Manila. */
export const person = (id: number, name: string, company: string | null = null) => ({
  id,
  name,
  first_name: name.split(' ')[0],
  last_name: name.split(' ')[1] ?? '',
  email: `${id}@example.com`,
  timezone: 'Asia/Manila',
  avatar_url: null,
  company_name: company,
});
