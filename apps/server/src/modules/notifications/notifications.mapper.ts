import {
  MAIL_EVENTS,
  type Notification,
  type NotificationPreferences,
  type VaNotification,
} from '@vahub/shared/notifications/schemas';
import type { Db } from '../../db/client';
import { peopleOf, personIn } from '../contracts/public';
import type { NotificationRow } from './notifications.repository';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    data: row.data,
    va_id: row.vaId,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The admin's log rows, with the recipient and the VA as summaries (one query for the people of the page). */
export async function toVaNotifications(db: Db, rows: NotificationRow[]): Promise<VaNotification[]> {
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

/** Stored mail choices as the full set of events: a missing key is on. */
export function toPreferences(mail: Record<string, boolean> | undefined): NotificationPreferences {
  return {
    mail: Object.fromEntries(
      MAIL_EVENTS.map((e) => [e, mail?.[e] !== false]),
    ) as NotificationPreferences['mail'],
  };
}
