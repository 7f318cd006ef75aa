import { vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';

export type Handler = (url: URL, init?: RequestInit) => unknown;

/** A fetch that answers JSON from `handler` by path, and records every request. */
export function mockApi(handler: Handler) {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const body = handler(url, init);
    return new Response(JSON.stringify(body ?? {}), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export async function loadPeopleTexts() {
  await initI18n();
  await ensureNamespace('people');
}

export const emptyPage = { data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } };
