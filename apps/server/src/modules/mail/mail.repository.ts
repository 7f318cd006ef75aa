import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
      status,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

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
