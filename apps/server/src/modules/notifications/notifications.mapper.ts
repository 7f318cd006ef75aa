import {
  MAIL_EVENTS,
  type Notification,
  type NotificationPreferences,
} from '@vahub/shared/notifications/schemas';
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

/** Stored mail choices as the full set of events: a missing key is on. */
export function toPreferences(mail: Record<string, boolean> | undefined): NotificationPreferences {
  return {
    mail: Object.fromEntries(
      MAIL_EVENTS.map((e) => [e, mail?.[e] !== false]),
    ) as NotificationPreferences['mail'],
  };
}
