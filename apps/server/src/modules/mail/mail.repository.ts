import { desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageOffset } from '../../lib/pagination';
import { likePattern } from '../../lib/sql';
import { mailOutbox } from './mail.table';
import type { MailMessage } from './mailer';

export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: Db, message: MailMessage, status: 'queued' | 'kept'): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        content_base64: a.content.toString('base64'),
      })),
      status,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/** A stored mail's attachments as the transport takes them. */
export const attachmentsOf = (row: Pick<MailRow, 'attachments'>) =>
  row.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.content_type,
    content: Buffer.from(a.content_base64, 'base64'),
  }));

export async function findMail(db: Db, id: number): Promise<MailRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ?? null;
}

export async function markSent(db: Db, id: number, attempts: number, now: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', attempts, error: null, sentAt: now, updatedAt: now })
    .where(eq(mailOutbox.id, id));
}

/** A refused attempt: still `queued` while retries remain, `failed` after the last. */
export async function markAttemptFailed(
  db: Db,
  id: number,
  fields: { attempts: number; error: string; final: boolean; now: Date },
) {
  await db
    .update(mailOutbox)
    .set({
      status: fields.final ? 'failed' : 'queued',
      attempts: fields.attempts,
      error: fields.error,
      updatedAt: fields.now,
    })
    .where(eq(mailOutbox.id, id));
}

/** A page of the outbox, newest first, with the total; `to` matches part of the recipient's address. */
export async function pageOfMails(
  db: Db,
  q: { page: number; per_page: number; to?: string },
): Promise<{ rows: MailRow[]; total: number }> {
  const where = q.to ? ilike(mailOutbox.to, likePattern(q.to)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(q.per_page)
      .offset(pageOffset(q.page, q.per_page)),
    db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
