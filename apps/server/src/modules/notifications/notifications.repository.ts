import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../platform/transaction';
import { notificationPreferences, notifications } from './notifications.table';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
type Page = { limit: number; offset: number };

/**
 * Inserts one event's notifications; a row its event already made for that user (a redelivery) is skipped.
 * Answers only the rows written now, so nothing is pushed or mailed twice.
 */
export function insertNotifications(tx: Tx, rows: NewNotification[]) {
  if (!rows.length) return Promise.resolve([]);
  return tx
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.sourceEventId, notifications.userId] })
    .returning({ id: notifications.id, userId: notifications.userId, title: notifications.title });
}

/** A user's own notifications (`unread`: only those not read yet). */
export const ownWhere = (userId: number, unread?: boolean): SQL =>
  and(eq(notifications.userId, userId), unread ? isNull(notifications.readAt) : undefined) as SQL;

/** A page of notifications, newest first (the id order the user and organization indexes serve). */
export const notificationPage = (db: Db, where: SQL, page: Page) =>
  db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);

export async function countWhere(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(where);
  return Number(row?.n ?? 0);
}

/** Marks the user's unread notifications read: these ids (others' ids match nothing), or all of them. */
export async function markRead(tx: Tx, userId: number, ids: number[] | undefined, at: Date) {
  await tx
    .update(notifications)
    .set({ readAt: at })
    .where(and(ownWhere(userId, true), ids ? inArray(notifications.id, ids) : undefined));
}

/** The organization's notifications about VAs, with the filters of the admin's log. */
export function aboutVasWhere(
  organizationId: number,
  f: { vaId?: number; type?: NotificationRow['type']; from?: Date; until?: Date },
): SQL {
  return and(
    eq(notifications.organizationId, organizationId),
    f.vaId ? eq(notifications.vaId, f.vaId) : isNotNull(notifications.vaId),
    f.type ? eq(notifications.type, f.type) : undefined,
    f.from ? gte(notifications.createdAt, f.from) : undefined,
    f.until ? lt(notifications.createdAt, f.until) : undefined,
  ) as SQL;
}

/** The mail choices these users stored (a user who never chose has no row). */
export async function mailChoicesOf(
  db: Db,
  userIds: number[],
): Promise<Map<number, Record<string, boolean>>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: notificationPreferences.userId, mail: notificationPreferences.mail })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.mail]));
}

/**
 * Merges these mail choices into the user's stored ones (in the statement: two changes at once both land);
 * answers the stored choices after it.
 */
export async function mergeMailChoices(db: Db, userId: number, mail: Record<string, boolean>, at: Date) {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, mail, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { mail: sql`${notificationPreferences.mail} || excluded.mail`, updatedAt: at },
    })
    .returning({ mail: notificationPreferences.mail });
  return row.mail;
}
