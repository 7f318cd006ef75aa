import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rowNow } from '../../lib/clock';

/**
 * Every mail the product sends. A mail is written here in the transaction that asked for it, `queued`, and
 * a job sends it (`sent`, or `failed` after its retries, with the last error). Without SMTP it is `kept`
 * here for a super admin to read.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the mail (an invoice's PDF), their bytes as base64: a retry sends the same ones (issue 30). */
    attachments: jsonb('attachments')
      .$type<Array<{ filename: string; content_type: string; content_base64: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['queued', 'kept', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(rowNow),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt), index('mail_outbox_to_idx').on(t.to)],
);
