import { vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import type { ActivityBlock } from '../api/insights';

export type Handler = (url: URL, init?: RequestInit) => unknown;

/** A fetch that answers JSON from `handler` by path, and records every request. */
export function mockApi(handler: Handler) {
  const calls: Array<{ method: string; url: URL }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', url });
      return new Response(JSON.stringify(handler(url, init) ?? {}), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls };
}

export async function loadInsightsTexts() {
  await initI18n();
  await ensureNamespace('attendance-insights');
}

export const page = (data: unknown[]) => ({
  data,
  meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 },
});

export const block = (start_at: string, activity_percent: number, tracked_seconds = 600): ActivityBlock => ({
  start_at,
  tracked_seconds,
  active_seconds: Math.round((tracked_seconds * activity_percent) / 100),
  idle_seconds: tracked_seconds - Math.round((tracked_seconds * activity_percent) / 100),
  keyboard: 10,
  mouse: 20,
  activity_percent,
});
