import { vi } from 'vitest';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import type { ScreenshotDetail, ScreenshotItem } from '../api/queries';

/** An answer of the fake API: JSON with a status (200 unless said). */
export type Reply = { status?: number; body: unknown } | unknown;
export type Call = { method: string; url: URL; body: unknown };

const isReply = (r: unknown): r is { status?: number; body: unknown } =>
  typeof r === 'object' &&
  r !== null &&
  'body' in r &&
  Object.keys(r).every((k) => k === 'body' || k === 'status');

/** A fetch answering from `handler` by method and path, recording every request. */
export function mockApi(handler: (url: URL, method: string) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = handler(url, method);
      const { status = 200, body } = isReply(reply) ? reply : { body: reply };
      return new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls };
}

export async function loadTexts() {
  await initI18n();
  await ensureNamespace('screenshots');
  await ensureNamespace('errors');
}

export const ME = { id: 1, timezone: 'UTC', time_format: '12h', roles: [{ name: 'admin' }] };

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

const VINCE = person(4, 'Vince Cruz');
const ACME = person(9, 'Claire Whitman', 'Acme Dental');
/** Far enough ahead that no test sees a URL expire. */
const LATER = '2099-01-01T00:00:00Z';

/** A capture in a supervisor's list (Vince for Acme unless said), stored, scheduled, desktop. */
export function shot(id: number, takenAt: string, over: Partial<ScreenshotItem> = {}): ScreenshotItem {
  return {
    id,
    attendance_id: 100,
    contract_id: 7,
    va_id: VINCE.id,
    client_id: ACME.id,
    date: takenAt.slice(0, 10),
    timezone: 'UTC',
    taken_at: takenAt,
    source: 'scheduled',
    tracker: 'desktop',
    requested_by: null,
    status: 'stored',
    screen: 0,
    width: 1600,
    height: 1000,
    bytes: 250_000,
    blurred: false,
    activity_percent: 50,
    image_url: `/files/${id}.webp?sig=x`,
    thumbnail_url: `/files/${id}-thumb.webp?sig=x`,
    urls_expire_at: LATER,
    created_at: takenAt,
    va: VINCE,
    client: ACME,
    ...over,
  };
}

export const detailOf = (s: ScreenshotItem, over: Partial<ScreenshotDetail> = {}): ScreenshotDetail => ({
  ...s,
  contract: { id: s.contract_id, title: 'Inbox and calendar' },
  previous_id: null,
  next_id: null,
  siblings: [],
  ...over,
});

export const page = <T>(data: T[], current = 1, last = 1, total = data.length) => ({
  data,
  meta: { current_page: current, per_page: 60, total, last_page: last },
});
