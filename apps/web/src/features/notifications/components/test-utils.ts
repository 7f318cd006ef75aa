import type { Notification } from '@vahub/shared/notifications/schemas';
import { ensureNamespace, initI18n } from '../../../lib/i18n';
import { type Call, mockApi, type Reply } from '../../../test/mock-api';

export { type Call, mockApi, person, type Reply } from '../../../test/mock-api';

export async function loadTexts() {
  await initI18n();
  await ensureNamespace('notifications');
  await ensureNamespace('errors');
}

export const ME = { id: 1, first_name: 'Vince', last_name: 'Cruz', timezone: 'UTC', roles: [{ name: 'va' }] };

/** A notification to the signed-in VA (id 1), unread, from a minute before `at` unless said. */
export function note(id: number, over: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'request.decided',
    title: `Title ${id}`,
    body: '',
    data: {},
    va_id: 1,
    read_at: null,
    created_at: '2026-11-20T09:00:00Z',
    ...over,
  };
}

/**
 * A fake of the feed's endpoints over these rows (newest first): pages by `page` and `per_page`, `meta.unread`,
 * and marking read (given ids, or all). `other` answers anything else.
 */
export function feedApi(
  rows: Notification[],
  other: (url: URL, method: string, body: unknown) => Reply = () => ({}),
) {
  const state = { rows: [...rows] };
  const unread = () => state.rows.filter((n) => n.read_at === null).length;
  const api = mockApi((url, method, body) => {
    if (url.pathname === '/api/v1/notifications' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const total = state.rows.length;
      return {
        data: state.rows.slice((page - 1) * perPage, page * perPage),
        meta: {
          current_page: page,
          per_page: perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          unread: unread(),
        },
      };
    }
    if (url.pathname === '/api/v1/notifications/read' && method === 'POST') {
      const ids = (body as { ids?: number[] }).ids;
      state.rows = state.rows.map((n) =>
        n.read_at === null && (!ids || ids.includes(n.id)) ? { ...n, read_at: '2026-11-20T10:00:00Z' } : n,
      );
      return { unread: unread() };
    }
    return other(url, method, body);
  });
  return { ...api, state };
}

/** The GET calls of the feed (its query as an object), in order. */
export const feedReads = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.url.pathname === '/api/v1/notifications')
    .map((c) => Object.fromEntries(c.url.searchParams));
