import type { VaNotification, VaNotificationQuery } from '@vahub/shared/notifications/schemas';
import { addDays } from '@vahub/shared/time/dates';
import { zonedTimeToInstant } from '@vahub/shared/time/zoned';
import { pageOffset, paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { assertVisibleFilters } from '../attendance/public';
import { peopleOf, personIn } from '../contracts/public';
import { zoneFor } from './notifications.format';
import { toNotification } from './notifications.mapper';
import {
  aboutVasWhere,
  countWhere,
  type NotificationRow,
  notificationPage,
} from './notifications.repository';

/**
 * Admin `virtual-assistants/notifications`: every notification of the organization about a VA, newest
 * first, with who received it and whether they read it. A `va_id` outside the organization answers 404 like
 * the other lists; `start_date`..`end_date` are days of the admin's own zone.
 */
export async function listAboutVas(deps: Deps, viewer: Viewer, q: VaNotificationQuery) {
  await assertVisibleFilters(deps.db, viewer, { va_id: q.va_id });
  const zone = zoneFor(viewer.timezone, 'UTC');
  const where = aboutVasWhere(viewer.organizationId, {
    vaId: q.va_id,
    type: q.type,
    from: q.start_date ? zonedTimeToInstant(q.start_date, 0, zone) : undefined,
    until: q.end_date ? zonedTimeToInstant(addDays(q.end_date, 1), 0, zone) : undefined,
  });
  const [rows, total] = await Promise.all([
    notificationPage(deps.db, where, { limit: q.per_page, offset: pageOffset(q.page, q.per_page) }),
    countWhere(deps.db, where),
  ]);
  return {
    data: await toVaNotifications(deps.db, rows),
    meta: paginationMeta(q.page, q.per_page, total),
  };
}

/** The admin's log rows, with the recipient and the VA as summaries (one query for the people of the page). */
async function toVaNotifications(db: Deps['db'], rows: NotificationRow[]): Promise<VaNotification[]> {
  const people = await peopleOf(
    db,
    rows.flatMap((r) => (r.vaId ? [r.userId, r.vaId] : [r.userId])),
  );
  const person = (id: number) => personIn(people, id);
  return rows.map((r) => ({
    ...toNotification(r),
    recipient: person(r.userId),
    va: r.vaId ? person(r.vaId) : null,
  }));
}
