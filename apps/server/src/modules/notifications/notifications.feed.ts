import type {
  MarkRead,
  NotificationPage,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationQuery,
} from '@vahub/shared/notifications/schemas';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { toNotification, toPreferences } from './notifications.mapper';
import {
  countWhere,
  mailChoicesOf,
  markRead,
  mergeMailChoices,
  notificationPage,
  ownWhere,
} from './notifications.repository';

// Every role's own feed and mail choices: the viewer's user id is the whole scope (a notification is one
// user's), so another user's ids match nothing and nothing tells whether they exist.

/** `GET notifications`: newest first; `meta.unread` counts every unread one, whatever the filter. */
export async function listOwn(deps: Deps, viewer: Viewer, q: NotificationQuery): Promise<NotificationPage> {
  const where = ownWhere(viewer.userId, q.unread);
  const [rows, total, unread] = await Promise.all([
    notificationPage(deps.db, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) }),
    countWhere(deps.db, where),
    q.unread ? null : countWhere(deps.db, ownWhere(viewer.userId, true)),
  ]);
  return {
    data: rows.map(toNotification),
    meta: { ...paginationMeta(q.page, q.per_page, total), unread: unread ?? total },
  };
}

/** `POST notifications/read`: these of mine (or all of them) read now; answers how many stay unread. */
export async function markOwnRead(deps: Deps, viewer: Viewer, body: MarkRead) {
  return deps.transaction(async ({ tx }) => {
    await markRead(tx, viewer.userId, body.ids, deps.clock.now());
    return { unread: await countWhere(tx, ownWhere(viewer.userId, true)) };
  });
}

/** `GET notifications/preferences`: every mail event, on unless the user turned it off. */
export async function ownPreferences(deps: Deps, viewer: Viewer): Promise<NotificationPreferences> {
  const choices = await mailChoicesOf(deps.db, [viewer.userId]);
  return toPreferences(choices.get(viewer.userId));
}

/** `PATCH notifications/preferences`: the events sent change; the others keep their choice. */
export async function updateOwnPreferences(
  deps: Deps,
  viewer: Viewer,
  body: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const patch = Object.fromEntries(
    Object.entries(body.mail ?? {}).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'),
  );
  if (!Object.keys(patch).length) return ownPreferences(deps, viewer);
  return toPreferences(await mergeMailChoices(deps.db, viewer.userId, patch, deps.clock.now()));
}
