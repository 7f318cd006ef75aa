import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import {
  MAIL_EVENTS,
  type Notification,
  type NotificationPreferences,
  type VaNotification,
} from '@vahub/shared/notifications/schemas';
import type { Db } from '../../db/client';
import { toPerson } from '../contracts/public';
import { peopleByIds } from '../people/public';
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

/** A person the log names; a deleted account still shows as someone rather than breaking the row. */
const someone = (id: number): PersonSummary => ({
  id,
  name: `#${id}`,
  first_name: '',
  last_name: '',
  email: '',
  timezone: 'UTC',
  avatar_url: null,
  company_name: null,
});

/** The admin's log rows, with the recipient and the VA as summaries (one query for the people of the page). */
export async function toVaNotifications(db: Db, rows: NotificationRow[]): Promise<VaNotification[]> {
  const cards = await peopleByIds(
    db,
    rows.flatMap((r) => (r.vaId ? [r.userId, r.vaId] : [r.userId])),
  );
  const person = (id: number) => {
    const card = cards.get(id);
    return card ? toPerson(card) : someone(id);
  };
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
